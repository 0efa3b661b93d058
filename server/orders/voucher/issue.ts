import 'server-only';
import { eq } from 'drizzle-orm';
import { orders, voucherOrders } from '../../db/schema/orders';
import { inTransaction } from '../../db/transaction';
import { enqueueMail } from '../../notifications/outbox';
import { renderedDocument } from '../../notifications/pdf/rendered';
import { renderEmail } from '../../notifications/templates/render';
import { voucherIssued } from '../../notifications/templates/voucher-order';
import type { Services } from '../../services';
import { issueVoucher } from '../../vouchers/issue';
import { orderLinks } from './emails';
import { voucherDocument } from './voucher-document';

/**
 * Job `vouchers.issue`: once a purchase is PAID, its voucher is issued (exactly once: a repeat finds
 * the first through its unique source) and e-mailed to the buyer with the PDF (once per voucher:
 * the e-mail's event key is the voucher). Safe to run twice or after a crash between the steps.
 */
export async function issuePurchasedVoucher(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'renders'>, orderId: string): Promise<void> {
  const { db } = await services.db();
  const issued = await inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const [details] = await tx.select().from(voucherOrders).where(eq(voucherOrders.orderId, orderId));
    if (!order || !details || order.status !== 'PAID') return undefined;
    const voucher = await issueVoucher(services, tx, {
      source: 'purchase',
      sourceOrderId: order.id,
      total: details.voucherValue,
      currency: order.currency,
      site: order.site,
      validityMonths: details.validityMonths,
      purchasedAsGift: details.purchasedAsGift,
    });
    return { order, voucher };
  });
  if (!issued) return;
  const { order, voucher } = issued;
  const { locale, baseUrl, orderUrl } = orderLinks(services, order);
  const { document, statusUrl } = await voucherDocument(services, voucher, order);
  const pdf = await renderedDocument(services, document, 'job');
  const mail = await renderEmail(locale, baseUrl, (context) =>
    voucherIssued(context, {
      code: voucher.code,
      value: voucher.total,
      currency: voucher.currency,
      validTo: voucher.validTo,
      gift: voucher.purchasedAsGift,
      firstName: order.customer.firstName,
      statusUrl,
      orderUrl,
    }),
  );
  await inTransaction(db, (tx) =>
    enqueueMail(services, tx, {
      eventKey: `voucher-issued:${voucher.id}`,
      site: order.site,
      to: order.customer.email,
      ...mail,
      attachments: [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.content }],
    }),
  );
}
