import 'server-only';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import type { GatewayType } from './gateways/gateway';
import { returnWholePayment } from './gateways/return-whole';
import { sendLatePaymentReturned } from './late-payment-mail';
import { GIVEN_UP } from './status';
import { lockPayment, movePayment } from './transitions';

/** How long a refund run holds its claim: longer than any gateway call, short enough to recover from a crash. */
const REFUND_LEASE_MS = 5 * 60_000;

/**
 * Claims a payment's refund before anything reaches the gateway: one guarded UPDATE, so of two
 * runs (a duplicate job, two workers) one goes on and the other is retried later. A run killed
 * after the gateway call leaves its claim to lapse; the next asks the gateway first and does not
 * return the money again.
 */
async function claimRefund(services: Pick<Services, 'clock' | 'db'>, paymentId: string): Promise<Date | undefined> {
  const { db } = await services.db();
  const now = services.clock.now();
  const claimed = await db
    .update(payments)
    .set({ refundClaimedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        ne(payments.refundedAmount, payments.amount),
        or(isNull(payments.refundClaimedAt), lt(payments.refundClaimedAt, new Date(now.getTime() - REFUND_LEASE_MS))),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length === 1 ? now : undefined;
}

/**
 * Sends a gateway payment's money back unless the gateway says it is back already, under a claim.
 * A call that failed (refused, or with an unknown outcome) gives its claim up at once, so the
 * retry asks the gateway where the money stands without waiting for the lease to lapse.
 */
async function returnAtGateway(
  services: Pick<Services, 'clock' | 'db' | 'gateways'>,
  payment: { id: string; gateway: string | null; gatewayPaymentId: string | null; amount: number },
): Promise<void> {
  const claimed = await claimRefund(services, payment.id);
  if (!claimed) throw new Error(`the refund of payment ${payment.id} is claimed by another run`);
  if (!payment.gateway || !payment.gatewayPaymentId) return;
  const gateway = services.gateways[payment.gateway as GatewayType];
  try {
    const state = await gateway.status(payment.gatewayPaymentId);
    if (state.status === 'paid') await returnWholePayment(gateway, payment.gatewayPaymentId, payment.amount);
  } catch (error) {
    const { db } = await services.db();
    await db.update(payments).set({ refundClaimedAt: null }).where(and(eq(payments.id, payment.id), eq(payments.refundClaimedAt, claimed)));
    throw error;
  }
}

/**
 * Returns a paid payment's money to where it came from (job `payments.refund`): a gateway payment
 * through the gateway, a voucher payment back onto its voucher, a bank transfer as an instruction
 * for the operator to send it back to the sender's account. Safe to repeat, to run twice at once
 * and to be killed halfway: the refund is claimed first, the gateway is asked whether the money
 * is back already, and the payment moves PAID → REFUNDED once.
 */
export async function refundPayment(
  services: Pick<Services, 'clock' | 'db' | 'gateways' | 'owners' | 'wallet'>,
  paymentId: string,
  reason: string,
): Promise<void> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'PAID') return;
  await returnAtGateway(services, payment);
  await inTransaction(db, async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || locked.status !== 'PAID') return;
    if (locked.methodId === 'voucher') await services.wallet.refund(tx, locked.id, locked.amount);
    await tx.update(payments).set({ refundedAmount: locked.amount }).where(eq(payments.id, locked.id));
    const instruction =
      locked.methodId === 'transfer'
        ? { instruction: 'send_back', account: locked.payerAccount, amount: locked.amount, currency: locked.currency }
        : {};
    await movePayment(services, tx, locked, 'REFUNDED', 'refund', { reason, ...instruction });
  });
}

/**
 * A gateway took money for a payment we had already given up (paid after it expired or was
 * cancelled): the money goes straight back (claimed first, as above), the event says so and the
 * customer is told; the payment's status stays.
 */
export async function refundLatePayment(services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs'>, paymentId: string): Promise<void> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  // Only money for a payment given up here: a paid one belongs to its order (and is refunded with it).
  if (!payment?.gateway || !payment.gatewayPaymentId || !GIVEN_UP.includes(payment.status) || payment.refundedAmount === payment.amount) return;
  await returnAtGateway(services, payment);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount: payment.amount })
      .where(sql`${payments.id} = ${paymentId} AND ${payments.refundedAmount} <> ${payments.amount}`)
      .returning();
    if (updated) {
      await tx.insert(paymentEvents).values({
        paymentId,
        fromStatus: payment.status,
        toStatus: payment.status,
        source: 'refund',
        detail: { reason: 'paid_after_giving_up', amount: payment.amount },
        createdAt: services.clock.now(),
      });
      await sendLatePaymentReturned(services, tx, updated);
    }
  });
}
