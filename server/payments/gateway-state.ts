import 'server-only';
import { and, eq } from 'drizzle-orm';
import { inboundEvents, paymentEvents, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import type { GatewayPaymentState, GatewayStatus, GatewayType } from './gateways/gateway';
import type { PaymentRecord, PaymentSource } from './records';
import { moveRefund, pendingRefunds, type RefundRecord } from './refund-records';
import { canMove, type PaymentStatus } from './status';
import { lockPayment, movePayment } from './transitions';

const STATUS_OF: Record<GatewayStatus, PaymentStatus> = {
  waiting: 'WAITING',
  paid: 'PAID',
  cancelled: 'CANCELLED',
  rejected: 'REJECTED',
  revoked: 'REVOKED',
  refunded: 'REFUNDED',
};

export type ApplyOutcome =
  | { kind: 'changed'; payment: PaymentRecord }
  | { kind: 'unchanged'; payment: PaymentRecord }
  /** The gateway says something our state machine does not allow (e.g. paid after we cancelled). */
  | { kind: 'unexpected'; payment: PaymentRecord }
  | { kind: 'amount_mismatch'; payment: PaymentRecord }
  | { kind: 'duplicate' }
  | { kind: 'unknown_payment' };

/** Whether a gateway's "refunded" can only mean the whole payment: nothing went back yet, and at most one whole refund is asked for. */
function returnedWhole(payment: PaymentRecord, pending: RefundRecord[]): boolean {
  if (payment.refundedAmount > 0) return false;
  return pending.length === 0 || (pending.length === 1 && pending[0]!.amount === payment.amount);
}

export async function findByGatewayId(
  services: Pick<Services, 'db'>,
  gateway: GatewayType,
  gatewayPaymentId: string,
): Promise<PaymentRecord | undefined> {
  const { db } = await services.db();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayPaymentId, gatewayPaymentId)));
  return row;
}

/**
 * Applies what a gateway's status query answered (never what a return or notification claimed) to
 * our payment, once: in one transaction with the payment's owner locked, after an optional
 * inbound-event insert that makes a repeated notification a no-op. The amount and currency the
 * gateway reports must be ours, or nothing changes and support is alerted. A gateway "paid" for a
 * payment we already gave up is recorded and its money sent back.
 */
export async function applyGatewayState(
  services: Pick<Services, 'clock' | 'db' | 'jobs' | 'owners' | 'report' | 'wallet'>,
  paymentId: string,
  state: GatewayPaymentState,
  source: PaymentSource,
  inbound?: { provider: string; eventId: string },
): Promise<ApplyOutcome> {
  const { db } = await services.db();
  const outcome = await inTransaction(db, async (tx): Promise<ApplyOutcome> => {
    if (inbound) {
      const inserted = await tx
        .insert(inboundEvents)
        .values({ ...inbound, receivedAt: services.clock.now() })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return { kind: 'duplicate' };
    }
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return { kind: 'unknown_payment' };
    const target = STATUS_OF[state.status];
    if (target === payment.status) return { kind: 'unchanged', payment };
    if (target === 'PAID' && ((state.amount !== undefined && state.amount !== payment.amount) || (state.currency !== undefined && state.currency !== payment.currency))) {
      await tx.insert(paymentEvents).values({
        paymentId,
        fromStatus: payment.status,
        toStatus: payment.status,
        source,
        detail: { problem: 'amount_mismatch', reported: { amount: state.amount, currency: state.currency } },
        createdAt: services.clock.now(),
      });
      return { kind: 'amount_mismatch', payment };
    }
    if (!canMove(payment.status, target)) {
      await tx.insert(paymentEvents).values({
        paymentId,
        fromStatus: payment.status,
        toStatus: payment.status,
        source,
        detail: { problem: 'unexpected_status', reported: state.status },
        createdAt: services.clock.now(),
      });
      if (target === 'PAID') await services.jobs.send('payments.refund-late', { paymentId }, { tx, singletonKey: paymentId });
      return { kind: 'unexpected', payment };
    }
    // "Refunded" also follows a part refund (ČSOB 10): only a payment of which nothing went back
    // yet, and nothing but one whole refund is asked for, is taken as returned whole. Otherwise
    // our refunds' own records say how much is back.
    if (target === 'REFUNDED' && !returnedWhole(payment, await pendingRefunds(tx, payment.id))) return { kind: 'unchanged', payment };
    const moved = await movePayment(services, tx, payment, target, source, { gatewayStatus: state.status });
    if (!moved) return { kind: 'unchanged', payment };
    if (target === 'REFUNDED') {
      for (const refund of await pendingRefunds(tx, payment.id)) await moveRefund(services, tx, refund.id, [refund.state], 'done');
      const [refunded] = await tx.update(payments).set({ refundedAmount: moved.amount, refundPending: 0 }).where(eq(payments.id, moved.id)).returning();
      return { kind: 'changed', payment: refunded ?? moved };
    }
    return { kind: 'changed', payment: moved };
  });
  if (outcome.kind === 'amount_mismatch') {
    services.report(new Error('a gateway reported another amount than the payment has'), { paymentId, reported: String(state.amount) });
  }
  return outcome;
}
