import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { paymentEvents, paymentRefunds, payments, type RefundState } from '../db/schema/payments';
import type { Db } from '../db/open-db';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import type { PaymentRecord } from './records';
import { movePayment, type PaymentMoves } from './transitions';

export type RefundRecord = typeof paymentRefunds.$inferSelect;

/** Refunds not settled yet: their amounts are reserved in payments.refund_pending. */
export const PENDING_REFUNDS: readonly RefundState[] = ['requested', 'sending', 'unknown'];

/** What a paid payment can still give back: paid, less what went back and what is asked for already. */
export function refundable(payment: Pick<PaymentRecord, 'status' | 'amount' | 'refundedAmount' | 'refundPending'>): number {
  return payment.status === 'PAID' ? payment.amount - payment.refundedAmount - payment.refundPending : 0;
}

/**
 * Asks for `amount` of a paid payment back: one guarded UPDATE reserves it (refused when it would
 * make the asks exceed what was paid; the database's check says the same), and the refund is
 * recorded as requested, in the caller's transaction. Undefined when nothing was reserved.
 */
export async function reserveRefund(
  services: Pick<Services, 'clock'>,
  tx: Tx,
  input: { paymentId: string; amount: number; reason: string; operatorId?: string },
): Promise<RefundRecord | undefined> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return undefined;
  const [reserved] = await tx
    .update(payments)
    .set({ refundPending: sql`${payments.refundPending} + ${input.amount}` })
    .where(
      and(
        eq(payments.id, input.paymentId),
        eq(payments.status, 'PAID'),
        sql`${payments.refundedAmount} + ${payments.refundPending} + ${input.amount} <= ${payments.amount}`,
      ),
    )
    .returning({ id: payments.id });
  if (!reserved) return undefined;
  const now = services.clock.now();
  const [record] = await tx
    .insert(paymentRefunds)
    .values({ id: crypto.randomUUID(), paymentId: input.paymentId, amount: input.amount, state: 'requested', reason: input.reason, operatorId: input.operatorId ?? null, createdAt: now, updatedAt: now })
    .returning();
  return record;
}

/** A payment's refunds not settled yet, oldest first: the order they are sent in. */
export async function pendingRefunds(db: Db | Tx, paymentId: string): Promise<RefundRecord[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.state, [...PENDING_REFUNDS])))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

/** Moves a refund from one state to another, once (guarded by the state it is in). */
export async function moveRefund(
  services: Pick<Services, 'clock'>,
  db: Db | Tx,
  refundId: string,
  from: readonly RefundState[],
  to: RefundState,
  set: { gatewayBefore?: string; detail?: string } = {},
): Promise<RefundRecord | undefined> {
  const [moved] = await db
    .update(paymentRefunds)
    .set({ state: to, updatedAt: services.clock.now(), ...set })
    .where(and(eq(paymentRefunds.id, refundId), inArray(paymentRefunds.state, [...from])))
    .returning();
  return moved;
}

/**
 * The refund went back (or an operator says so): in one transaction with the payment locked,
 * the refund is done, its amount moves from pending to refunded, and the payment says so: an
 * event for a part, PAID → REFUNDED once nothing is left. `extra` goes into the event (a bank
 * transfer's instruction to send it back by hand).
 */
export async function settleRefundDone(services: PaymentMoves, tx: Tx, refundId: string, from: readonly RefundState[], extra: Record<string, unknown> = {}): Promise<boolean> {
  const done = await moveRefund(services, tx, refundId, from, 'done');
  if (!done) return false;
  const [payment] = await tx
    .update(payments)
    .set({ refundedAmount: sql`${payments.refundedAmount} + ${done.amount}`, refundPending: sql`${payments.refundPending} - ${done.amount}`, updatedAt: services.clock.now() })
    .where(eq(payments.id, done.paymentId))
    .returning();
  if (!payment) throw new Error(`payment ${done.paymentId} of refund ${refundId} vanished`);
  const detail = { reason: done.reason, refund: done.id, amount: done.amount, ...extra };
  if (payment.refundedAmount === payment.amount && payment.status === 'PAID') {
    await movePayment(services, tx, payment, 'REFUNDED', 'refund', detail);
  } else {
    await tx.insert(paymentEvents).values({ paymentId: payment.id, fromStatus: payment.status, toStatus: payment.status, source: 'refund', detail, createdAt: services.clock.now() });
  }
  return true;
}

/** The refund did not happen and will not (refused for good, or an operator says it never arrived): its reservation is given back. */
export async function settleRefundNotDone(services: Pick<Services, 'clock'>, tx: Tx, refundId: string, from: readonly RefundState[], detail: string): Promise<boolean> {
  const refused = await moveRefund(services, tx, refundId, from, 'refused', { detail });
  if (!refused) return false;
  await tx
    .update(payments)
    .set({ refundPending: sql`${payments.refundPending} - ${refused.amount}` })
    .where(eq(payments.id, refused.paymentId));
  return true;
}

/**
 * Which payments can give back a part. ČSOB refunds any part of a settled card payment
 * (payment/refund takes an amount) and a bank transfer is sent back by hand, so both can. A
 * voucher payment's value goes back onto its voucher in one step (the ledger keeps one refund per
 * payment, which is what makes it safe to repeat). The benefit gateways (contracts/benefit.ts)
 * take an amount, but their status answer has no refunded amount and no partly-refunded state:
 * REFUNDED after any part. So neither the refund job nor the reconcile sweep could tell a part
 * from the whole, nor find out whether a part whose answer was lost went through; they refund
 * whole only, until the providers' real specifications say how a part reads.
 */
export function refundsInPart(payment: Pick<PaymentRecord, 'methodId' | 'gateway'>): boolean {
  if (payment.gateway) return payment.gateway === 'csob';
  return payment.methodId !== 'voucher';
}
