import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { hotelOrders } from '../db/schema/hotel-orders';
import { orders } from '../db/schema/orders';
import { vouchers } from '../db/schema/vouchers';
import { payments } from '../db/schema/payments';
import type { Services } from '../services';
import { REFUNDABLE_ORDERS } from './refund-policy';

/** An order as the console shows it: its state, its customer and each payment, money in minor units. */
export async function orderByNumber(services: Services, number: string) {
  const { db } = await services.db();
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      kind: orders.kind,
      site: orders.site,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      customer: orders.customer,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      bookingStatus: hotelOrders.bookingStatus,
      reservation: hotelOrders.reservation,
    })
    .from(orders)
    .leftJoin(hotelOrders, eq(hotelOrders.orderId, orders.id))
    .where(eq(orders.number, number));
  if (!order) return undefined;
  const paid = await db
    .select({
      id: payments.id,
      methodId: payments.methodId,
      status: payments.status,
      amount: payments.amount,
      refundedAmount: payments.refundedAmount,
      refundPending: payments.refundPending,
      currency: payments.currency,
      variableSymbol: payments.variableSymbol,
      gatewayPaymentId: payments.gatewayPaymentId,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.ownerId, order.id))
    .orderBy(asc(payments.createdAt));
  const issued = await db.select({ id: vouchers.id, code: vouchers.code }).from(vouchers).where(eq(vouchers.sourceOrderId, order.id)).orderBy(asc(vouchers.createdAt));
  // Finance may refund a paid payment of an order not waiting for money; the form says what is left.
  const mayRefund = (REFUNDABLE_ORDERS as readonly string[]).includes(order.status);
  const withRefund = paid.map((payment) => ({ ...payment, refundable: mayRefund && payment.status === 'PAID' && payment.refundedAmount < payment.amount }));
  return { ...order, vouchers: issued, payments: withRefund, customerName: `${order.customer.firstName} ${order.customer.lastName}`, customerEmail: order.customer.email };
}

export type ConsoleOrder = NonNullable<Awaited<ReturnType<typeof orderByNumber>>>;
