import 'server-only';
import { isUuid } from '@/lib/route-params';
import { and, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/mail';
import { inTransaction } from '../db/transaction';
import { attachmentsOf, enqueueMail } from '../notifications/outbox';
import type { Services } from '../services';
import { audit, operatorReason } from './audit';
import { relatedIds } from './related-ids';
import type { Operator } from './roles';

export class ResendRefused extends Error {
  override readonly name = 'ResendRefused';
  constructor(readonly reason: 'no_reason' | 'not_found') {
    super(reason);
  }
}

/** An e-mail about the order (its event key names the order, one of its payments or its vouchers). */
export async function mailOfOrder(services: Services, orderId: string, mailId: string) {
  if (!isUuid(orderId) || !isUuid(mailId)) return undefined;
  const { db } = await services.db();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.id, mailId),
        sql`split_part(${mailOutbox.eventKey}, ':', 2) IN (${relatedIds(orderId)})`,
      ),
    );
  return mail;
}

/**
 * Sends an e-mail of an order again, as it was (attachments too), to the same address. The form
 * carries a nonce made when its page was shown: the same form sent twice sends once. Support may
 * do it; the audit entry names the order, the message and the reason.
 */
export async function resendMail(services: Services, operator: Operator, input: { orderId: string; mailId: string; nonce: string; reason: string }): Promise<boolean> {
  const why = operatorReason(input.reason);
  if (!why) throw new ResendRefused('no_reason');
  const mail = await mailOfOrder(services, input.orderId, input.mailId);
  if (!mail || !isUuid(input.nonce)) throw new ResendRefused('not_found');
  const attachments = await attachmentsOf(services, mail.id);
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const sent = await enqueueMail(services, tx, {
      eventKey: `resent:${input.orderId}:${input.nonce}`,
      site: mail.site,
      to: mail.toAddress,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, content: a.content })),
    });
    if (sent) {
      await audit(services, tx, {
        operatorId: operator.id,
        action: 'mail-resent',
        subject: `order:${input.orderId}`,
        reason: why,
        before: { mail: mail.id, subject: mail.subject, status: mail.status },
        after: { to: mail.toAddress },
      });
    }
    return sent;
  });
}
