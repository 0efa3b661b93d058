import 'server-only';
import { isUuid } from '@/lib/route-params';
import { eq, type SQL, sql } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { inTransaction } from '../db/transaction';
import { lockPayment } from '../payments/transitions';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';

export class RefundRefused extends Error {
  override readonly name = 'RefundRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'not_refundable') {
    super(reason);
  }
}

/** Orders that no longer want their money: what a payment of theirs still holds goes back. */
export const GIVEN_UP_ORDERS = ['REFUNDED_AUTOMATICALLY', 'CANCELLED_BY_USER', 'CANCELLED_REFUND', 'CANCELLED_DUPLICATE', 'CANCELLED_AUTOMATICALLY'] as const;

/** GIVEN_UP_ORDERS as the list of an SQL `IN (…)`. */
export function givenUpOrders(): SQL {
  return sql.join(GIVEN_UP_ORDERS.map((status) => sql`${status}`), sql`, `);
}

/** A payment the console may refund: paid, not yet returned, of an order that gave the money up. */
export async function refundablePayment(services: Services, paymentId: string) {
  if (!isUuid(paymentId)) return undefined;
  const { db } = await services.db();
  const result = await db.execute(sql`
    SELECT p.id, p.method_id, p.amount, p.refunded_amount, p.currency, o.number AS order_number
      FROM payments p JOIN orders o ON o.id = p.owner_id
     WHERE p.id = ${paymentId}::uuid AND p.status = 'PAID' AND p.refunded_amount < p.amount
       AND o.status IN (${givenUpOrders()})`);
  const [row] = (result as unknown as { rows: { id: string; method_id: string; amount: number | string; refunded_amount: number | string; currency: string; order_number: string }[] }).rows;
  return row && { id: row.id, methodId: row.method_id, amount: Number(row.amount) - Number(row.refunded_amount), currency: row.currency, orderNumber: row.order_number };
}

/**
 * Finance asks for a payment's money to go back now (the automatic refund keeps failing, or
 * was never started): the refund job is queued in the transaction that writes the audit entry,
 * with the payment locked and its state checked. The job itself is the automated one, with its
 * claim and its question to the gateway first, so money never goes back twice; a form sent twice
 * (the same nonce) asks once.
 */
export async function requestRefund(services: Services, operator: Operator, input: { paymentId: string; reason: string; nonce: string }): Promise<void> {
  if (operator.role !== 'finance') throw new RefundRefused('forbidden');
  const why = operatorReason(input.reason);
  if (!why) throw new RefundRefused('no_reason');
  if (!isUuid(input.paymentId) || !isUuid(input.nonce)) throw new RefundRefused('not_refundable');
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const payment = await lockPayment(tx, input.paymentId);
    if (!payment || payment.status !== 'PAID' || payment.refundedAmount >= payment.amount) throw new RefundRefused('not_refundable');
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, payment.ownerId));
    if (!order || !(GIVEN_UP_ORDERS as readonly string[]).includes(order.status)) throw new RefundRefused('not_refundable');
    if (await nonceUsed(tx, 'refund-requested', input.nonce)) return;
    await services.jobs.send('payments.refund', { paymentId: payment.id, reason: 'operator' }, { tx, singletonKey: payment.id });
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'refund-requested',
      subject: `payment:${payment.id}`,
      reason: why,
      before: { status: payment.status, amount: payment.amount, refunded: payment.refundedAmount, order: order.status },
      after: { nonce: input.nonce, job: 'payments.refund' },
    });
  });
}
