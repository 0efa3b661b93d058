import 'server-only';
import { eq } from 'drizzle-orm';
import { localizedPath } from '@/lib/i18n/pathnames';
import { type Language, localeOf, type VariantKey } from '@/lib/variants';
import { voucherOrders } from '../../db/schema/orders';
import type { Tx } from '../../db/transaction';
import { enqueueMail } from '../../notifications/outbox';
import { orderCancelledUnpaid, voucherOrderPaid, voucherOrderReceived } from '../../notifications/templates/voucher-order';
import { renderEmail } from '../../notifications/templates/render';
import type { PaymentRecord } from '../../payments/records';
import type { Services } from '../../services';
import type { OrderRecord } from '../status';
import { transferForMail } from '../transfer-mail';

/** Where an order's links point: its site's public URL, its language, its status page. */
export function orderLinks(services: Pick<Services, 'config'>, order: Pick<OrderRecord, 'id' | 'site' | 'language'>) {
  const site = order.site as VariantKey;
  const locale = localeOf(site, order.language as Language);
  const baseUrl = services.config.publicUrl[site];
  return { locale, baseUrl, orderUrl: `${baseUrl}${localizedPath(locale, '/status/[id]', { id: order.id })}` };
}

/** "Order received", with the transfer details and QR code when part is paid by transfer. */
export async function sendVoucherOrderReceived(
  services: Pick<Services, 'clock' | 'config' | 'jobs'>,
  tx: Tx,
  order: OrderRecord,
  voucherValue: number,
  payments: PaymentRecord[],
) {
  const { locale, baseUrl, orderUrl } = orderLinks(services, order);
  const transfer = await transferForMail(services, order, payments);
  const mail = await renderEmail(locale, baseUrl, (context) =>
    voucherOrderReceived(
      context,
      { number: order.number, firstName: order.customer.firstName, voucherValue, total: order.total, currency: order.currency, orderUrl },
      transfer?.block,
    ),
  );
  await enqueueMail(services, tx, {
    eventKey: `order-received:${order.id}`,
    site: order.site,
    to: order.customer.email,
    ...mail,
    attachments: transfer ? [transfer.attachment] : [],
  });
}

export async function sendVoucherOrderPaid(services: Pick<Services, 'clock' | 'config' | 'jobs'>, tx: Tx, order: OrderRecord) {
  const { locale, baseUrl, orderUrl } = orderLinks(services, order);
  const [details] = await tx.select().from(voucherOrders).where(eq(voucherOrders.orderId, order.id));
  const mail = await renderEmail(locale, baseUrl, (context) =>
    voucherOrderPaid(context, {
      number: order.number,
      firstName: order.customer.firstName,
      voucherValue: details?.voucherValue ?? 0,
      total: order.total,
      currency: order.currency,
      orderUrl,
    }),
  );
  await enqueueMail(services, tx, { eventKey: `order-paid:${order.id}`, site: order.site, to: order.customer.email, ...mail });
}

export async function sendOrderCancelledUnpaid(services: Pick<Services, 'clock' | 'config' | 'jobs'>, tx: Tx, order: OrderRecord) {
  const { locale, baseUrl, orderUrl } = orderLinks(services, order);
  const mail = await renderEmail(locale, baseUrl, (context) =>
    orderCancelledUnpaid(context, { number: order.number, firstName: order.customer.firstName, orderUrl }),
  );
  await enqueueMail(services, tx, { eventKey: `order-cancelled-unpaid:${order.id}`, site: order.site, to: order.customer.email, ...mail });
}
