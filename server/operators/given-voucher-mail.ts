import 'server-only';
import { eq } from 'drizzle-orm';
import { voucherRecipients, vouchers } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import { enqueueMail } from '../notifications/outbox';
import { renderedDocument } from '../notifications/pdf/rendered';
import { renderEmail } from '../notifications/templates/render';
import { voucherGiven } from '../notifications/templates/voucher-given';
import { orderLinks } from '../orders/voucher/emails';
import { voucherDocument } from '../orders/voucher/voucher-document';
import type { Services } from '../services';

/**
 * Job `vouchers.mail-given`: a voucher finance issued goes to its recipient with its PDF, in the
 * language chosen for them and the site's branding, through the outbox like every e-mail (once:
 * the event key is the voucher). The PDF is made outside any transaction; safe to run twice.
 */
export async function mailGivenVoucher(services: Services, voucherId: string): Promise<void> {
  const { db } = await services.db();
  const [row] = await db.select().from(vouchers).innerJoin(voucherRecipients, eq(voucherRecipients.voucherId, vouchers.id)).where(eq(vouchers.id, voucherId));
  if (!row) return;
  const { vouchers: voucher, voucher_recipients: recipient } = row;
  const target = { id: voucher.id, site: voucher.site, language: recipient.language };
  const { locale, baseUrl } = orderLinks(services, target);
  const { document, statusUrl } = await voucherDocument(services, voucher, target);
  const pdf = await renderedDocument(services, document, 'job');
  const mail = await renderEmail(locale, baseUrl, (context) =>
    voucherGiven(context, { code: voucher.code, value: voucher.total, currency: voucher.currency, validTo: voucher.validTo, statusUrl }),
  );
  await inTransaction(db, (tx) =>
    enqueueMail(services, tx, {
      eventKey: `voucher-issued:${voucher.id}`,
      site: voucher.site,
      to: recipient.email,
      ...mail,
      attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.content }],
    }),
  );
}
