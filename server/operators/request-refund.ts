import 'server-only';
import { isUuid } from '@/lib/route-params';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { inTransaction } from '../db/transaction';
import { pendingRefunds, refundable, refundsInPart, reserveRefund } from '../payments/refund-records';
import { lockPayment } from '../payments/transitions';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import { REFUNDABLE_ORDERS } from './refund-policy';
import type { Operator } from './roles';

export class RefundRefused extends Error {
  override readonly name = 'RefundRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'not_refundable' | 'bad_amount' | 'too_much' | 'whole_only') {
    super(reason);
  }
}

/**
 * Finance returns money of a paid payment: `amount` (minor units) or, without one, everything it
 * still holds; with nothing left to ask for, the refunds asked for already are sent again (the
 * gateway kept refusing). In one transaction with the payment locked and its order's state
 * checked: the amount is reserved (never more than is left, by a guarded update and the
 * database's check), the refund recorded, the refund job queued and the audit entry written. The
 * job asks the gateway first and sends each refund once; the same form sent twice (its nonce)
 * asks once. A part is refused for a payment that refunds whole only (refundsInPart).
 */
export async function requestRefund(
  services: Services,
  operator: Operator,
  input: { paymentId: string; amount?: number; reason: string; nonce: string },
): Promise<{ amount: number; retried: boolean }> {
  if (operator.role !== 'finance') throw new RefundRefused('forbidden');
  const why = operatorReason(input.reason);
  if (!why) throw new RefundRefused('no_reason');
  if (!isUuid(input.paymentId) || !isUuid(input.nonce)) throw new RefundRefused('not_refundable');
  if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount <= 0)) throw new RefundRefused('bad_amount');
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const payment = await lockPayment(tx, input.paymentId);
    if (!payment || payment.status !== 'PAID') throw new RefundRefused('not_refundable');
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, payment.ownerId));
    if (!order || !(REFUNDABLE_ORDERS as readonly string[]).includes(order.status)) throw new RefundRefused('not_refundable');
    const left = refundable(payment);
    if (await nonceUsed(tx, 'refund-requested', input.nonce)) return { amount: input.amount ?? left, retried: false };
    const waiting = (await pendingRefunds(tx, payment.id)).filter((refund) => refund.state === 'requested');
    const amount = input.amount ?? left;
    if (amount === 0 && waiting.length === 0) throw new RefundRefused('not_refundable');
    if (amount > left) throw new RefundRefused('too_much');
    if (amount > 0 && amount !== payment.amount && !refundsInPart(payment)) throw new RefundRefused('whole_only');
    const refund = amount > 0 ? await reserveRefund(services, tx, { paymentId: payment.id, amount, reason: 'operator', operatorId: operator.id }) : undefined;
    if (amount > 0 && !refund) throw new RefundRefused('too_much');
    await services.jobs.send('payments.refund', { paymentId: payment.id, reason: 'operator', remainder: false }, { tx, singletonKey: `refund:${input.nonce}` });
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'refund-requested',
      subject: `payment:${payment.id}`,
      reason: why,
      before: { status: payment.status, amount: payment.amount, refunded: payment.refundedAmount, pending: payment.refundPending, order: order.status },
      after: { nonce: input.nonce, job: 'payments.refund', ...(refund ? { refund: refund.id, amount } : { retried: waiting.map((r) => r.id) }) },
    });
    return { amount, retried: !refund };
  });
}
