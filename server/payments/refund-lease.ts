import 'server-only';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { payments } from '../db/schema/payments';
import type { Services } from '../services';

/** How long a refund run holds its claim: longer than any gateway call, short enough to recover from a crash. */
const REFUND_LEASE_MS = 5 * 60_000;

/**
 * Claims a payment's refund before anything reaches the gateway: one guarded UPDATE, so of two
 * runs (a duplicate job, two workers) one goes on and the other is retried later. A run killed
 * after the gateway call leaves its claim to lapse; the next asks the gateway first and does not
 * return the money again. Throws when another run holds it.
 */
export async function claimRefund(services: Pick<Services, 'clock' | 'db'>, paymentId: string): Promise<Date> {
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
  if (claimed.length !== 1) throw new Error(`the refund of payment ${paymentId} is claimed by another run`);
  return now;
}

/** Gives a claim up (the call ended, whatever it answered), so the next run need not wait for the lease. */
export async function releaseRefund(services: Pick<Services, 'db'>, paymentId: string, claimed: Date): Promise<void> {
  const { db } = await services.db();
  await db.update(payments).set({ refundClaimedAt: null }).where(and(eq(payments.id, paymentId), eq(payments.refundClaimedAt, claimed)));
}
