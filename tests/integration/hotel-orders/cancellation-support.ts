import type { MessageInitShape } from '@bufbuild/protobuf';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentRequestSchema } from '@/gen/dzb/v1/payment_pb';
import { sandboxBookingOrders } from '@/sandbox/booking/schema';
import { hotelOrders } from '@/server/db/schema/hotel-orders';
import { mailOutbox } from '@/server/db/schema/mail';
import { payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { CZECH, errorCode, type Shop } from '../support/shop';
import { HOTELS, placeHotelOrder } from './support';

/**
 * Orders of the Prague hotel paid in any split, and what the cancellation tests read back: the
 * order through the API, the rows behind it, the gateway and Booking.com simulators' side.
 */
export async function placeOrder(
  shop: Shop,
  paymentRequest: MessageInitShape<typeof PaymentRequestSchema>,
  options: { insured?: boolean; rate?: 'refundable' | 'nonRefundable'; hotel?: (typeof HOTELS)[keyof typeof HOTELS] } = {},
) {
  const { hotel = HOTELS.prague, ...rest } = options;
  const { order } = await placeHotelOrder(shop, hotel, paymentRequest, { ...rest, rate: options.rate ?? 'refundable' });
  return { orderId: order.orderId!.id, total: Number(order.total!.units) * 100 + order.total!.nanos / 10_000_000 };
}

/** The order as its page reads it. */
export async function detail(shop: Shop, orderId: string) {
  const { order } = await shop.ctx.client('cz').orderDetail({ productVariant: CZECH, orderId: { id: orderId } });
  if (order.case !== 'hotelOrder') throw new Error('not a hotel order');
  return order.value;
}

/** Minor units of an API Money. */
export const minor = (money: { units: bigint; nanos: number } | undefined) => (money ? Number(money.units) * 100 + money.nanos / 10_000_000 : undefined);

export const cancel = (shop: Shop, orderId: string) => errorCode(shop.ctx.client('cz').orderCancel({ productVariant: CZECH, orderId: { id: orderId } }));

/** The order's payments, oldest first (the voucher part first when there is one). */
export const paymentsOf = (shop: Shop, orderId: string) => shop.handle.db.select().from(payments).where(eq(payments.ownerId, orderId)).orderBy(payments.createdAt, payments.id);

export async function paymentOf(shop: Shop, orderId: string, methodId: string) {
  const found = (await paymentsOf(shop, orderId)).find((p) => p.methodId === methodId && p.replacedBy === null);
  if (!found) throw new Error(`order ${orderId} has no ${methodId} payment`);
  return found;
}

export const compensations = (shop: Shop, orderId: string) =>
  shop.handle.db.select().from(vouchers).where(and(eq(vouchers.source, 'compensation'), eq(vouchers.sourceOrderId, orderId)));

export const voucherNow = async (shop: Shop, id: string) => (await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;

export const hotelRow = async (shop: Shop, orderId: string) => (await shop.handle.db.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId)))[0]!;

/** What Booking.com holds under the order's id. */
export const atBooking = (shop: Shop, orderId: string) => shop.handle.db.select().from(sandboxBookingOrders).where(eq(sandboxBookingOrders.label, orderId));

/** The mails of one business event (e.g. hotel-cancelled:<order id>), with their plain text. */
export const mails = (shop: Shop, eventKey: string) => shop.handle.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, eventKey));

/** The customer at the gateway simulator's page: pay, decline, expire or cancel. */
export const gatewayAction = (shop: Shop, gateway: string, gatewayPaymentId: string, action: string) =>
  fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(gatewayPaymentId)}/${action}`, { method: 'POST' });

/** The payment as the gateway simulator holds it. */
export const atGateway = async (shop: Shop, gateway: string, gatewayPaymentId: string) =>
  ((await (await fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(gatewayPaymentId)}`)).json()) as {
    payment: { status: string; gatewayStatus: string; refundedAmount: number };
  }).payment;

/** A card (ČSOB) payment paid at the gateway, and found by the reconcile sweep two minutes on (ČSOB sends no notifications). */
export async function payByCard(shop: Shop, payment: { gatewayPaymentId: string | null }) {
  const paid = await gatewayAction(shop, 'csob', payment.gatewayPaymentId!, 'pay');
  if (paid.status !== 200) throw new Error(`the card simulator answered ${paid.status}`);
  shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 2 * 60_000));
  await reconcileWaitingPayments(shop.ctx.services);
}

/** How many jobs of a name are queued under a singleton key (pg-boss keeps them in its own schema). */
export async function queuedJobs(shop: Shop, name: string, key: string): Promise<number> {
  const found = (await shop.handle.db.execute(sql`SELECT id FROM pgboss.job WHERE name = ${name} AND singleton_key = ${key}`)) as unknown as { rows: unknown[] };
  return found.rows.length;
}
