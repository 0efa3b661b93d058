import 'server-only';
import { isUuid } from '@/lib/route-params';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { payments } from '../db/schema/payments';
import { pendingRefunds, refundable, refundsInPart } from '../payments/refund-records';
import type { Services } from '../services';
import { REFUNDABLE_ORDERS, refundEffect } from './refund-policy';

/**
 * A payment as the refund form shows it, when finance may refund it: what was paid, what went
 * back and what is asked for already, what is left, whether a part may go back, and the refunds
 * waiting to be sent again.
 */
export async function refundView(services: Services, paymentId: string) {
  if (!isUuid(paymentId)) return undefined;
  const { db } = await services.db();
  const [row] = await db
    .select({ payment: payments, orderNumber: orders.number, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.ownerId))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.status !== 'PAID' || !(REFUNDABLE_ORDERS as readonly string[]).includes(row.orderStatus)) return undefined;
  const { payment } = row;
  const waiting = (await pendingRefunds(db, payment.id)).filter((refund) => refund.state === 'requested');
  const left = refundable(payment);
  if (left === 0 && waiting.length === 0) return undefined;
  return {
    id: payment.id,
    methodId: payment.methodId,
    gateway: payment.gateway,
    currency: payment.currency,
    paid: payment.amount,
    refunded: payment.refundedAmount,
    left,
    /** Whether a part may go back (refundsInPart), or only the whole payment. */
    inPart: refundsInPart(payment),
    waiting: waiting.reduce((sum, refund) => sum + refund.amount, 0),
    orderNumber: row.orderNumber,
    effect: refundEffect(row.orderStatus),
  };
}

export type RefundView = NonNullable<Awaited<ReturnType<typeof refundView>>>;
