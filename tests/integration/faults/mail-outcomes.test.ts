import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema/mail';
import { deliverMail, MAIL_ATTEMPTS } from '@/server/notifications/deliver';
import { smtpTransport } from '@/server/notifications/smtp';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';
import { type MailFault, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

/**
 * The mail server fails: a message is tried again until the server takes it, a repeat after a
 * lost "queued" answer carries the same Message-ID (so the receiving side can tell), and a message
 * that never goes through is marked failed and reported to the operator.
 */
describe.each(databaseKinds())('e-mail through a failing mail server, on %s', (kind) => {
  let shop: Shop;
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
    shop = await openShop(kind, {}, (parts) => ({ ...parts, mailTransport: smtpTransport(smtp.url) }));
  });
  afterEach(async () => {
    await shop.close();
    await smtp.close();
  });

  /** A voucher order by transfer queues its "order received" e-mail. */
  async function queuedMail() {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } }, order: ORDER_FORM });
    const [mail] = await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `order-received:${order!.orderId!.id}`));
    expect(mail).toMatchObject({ status: 'queued', attempts: 0 });
    return mail!;
  }
  const mailNow = async (id: string) => (await shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  // Headers may be folded onto the next line (RFC 5322 §2.2.3).
  const messageIds = () => smtp.received.map((raw) => /^Message-ID:\s+(\S+)/im.exec(raw)?.[1]);

  it.each([
    ['busy at the greeting', 'busy', 1],
    ['deferring the message', 'defer', 1],
    ['cutting the line after taking the message', 'drop-after-data', 2],
  ] as [string, MailFault, number][])('a mail server %s: the message is sent again and marked sent once', async (_, fault, copies) => {
    const mail = await queuedMail();
    smtp.arm(fault);
    await expect(deliverMail(shop.ctx.services, mail.id)).rejects.toThrow();
    expect(await mailNow(mail.id)).toMatchObject({ status: 'queued', attempts: 1 });

    await deliverMail(shop.ctx.services, mail.id);
    await deliverMail(shop.ctx.services, mail.id);
    expect(await mailNow(mail.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(copies);
    // Each copy is the same message: one Message-ID, derived from the event.
    expect(new Set(messageIds()).size).toBe(1);
    expect(messageIds()[0]).toContain(encodeURIComponent(mail.eventKey));
  });

  it('a message the server never takes is marked failed after its attempts and reported', async () => {
    const mail = await queuedMail();
    for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt++) {
      smtp.arm('defer');
      await expect(deliverMail(shop.ctx.services, mail.id)).rejects.toThrow();
    }
    expect(await mailNow(mail.id)).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS });
    expect(shop.ctx.reported.filter((r) => r.context.operation === 'mail.undeliverable' && r.context.mailId === mail.id)).toHaveLength(1);
    // A failed message is not sent by a late job run.
    await deliverMail(shop.ctx.services, mail.id);
    expect(smtp.received).toHaveLength(0);
  });
});
