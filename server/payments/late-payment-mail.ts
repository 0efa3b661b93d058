import 'server-only';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import type { Tx } from '../db/transaction';
import { enqueueMail } from '../notifications/outbox';
import { latePaymentReturned } from '../notifications/templates/late-payment';
import { renderEmail } from '../notifications/templates/render';
import { orderLinks } from '../orders/voucher/emails';
import type { Services } from '../services';
import type { PaymentRecord } from './records';

/** Tells the orderer that money paid after their order had given up on it is on its way back. */
export async function sendLatePaymentReturned(services: Pick<Services, 'clock' | 'config' | 'jobs'>, tx: Tx, payment: PaymentRecord): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.ownerId));
  if (!order) return;
  const { locale, baseUrl, orderUrl } = orderLinks(services, order);
  const mail = await renderEmail(locale, baseUrl, (context) =>
    latePaymentReturned(context, { number: order.number, firstName: order.customer.firstName, amount: context.money(payment.amount, payment.currency), orderUrl }),
  );
  await enqueueMail(services, tx, { eventKey: `late-payment-returned:${payment.id}`, site: order.site, to: order.customer.email, ...mail });
}
