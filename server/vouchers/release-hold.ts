import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { voucherHolds } from '../db/schema/vouchers';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';

/** Who ends a hold: its owner from the e-mailed link, or an operator (kept as their e-mail). */
export type HoldReleaser = { by: 'owner' } | { by: 'operator'; email: string };

export interface ReleasedHold {
  id: string;
  voucherId: string;
  clientKey: string;
  unexplainedMisses: number;
  heldAt: Date;
}

/**
 * Ends the open hold of a voucher (holds.ts), so its code answers again everywhere. One guarded
 * UPDATE (`released_at IS NULL`), so of two releases racing only one ends the hold and a second
 * call changes nothing: the hold it answers is the one this call released, or undefined when
 * there was none open. Runs in the caller's transaction, beside what else the release records
 * (an operator's audit entry).
 */
export async function releaseHold(
  services: Pick<Services, 'clock'>,
  tx: Tx,
  /** The voucher's open hold (its owner's page), or one hold by its id (the console's list). */
  which: { voucherId: string } | { holdId: string },
  releaser: HoldReleaser,
): Promise<ReleasedHold | undefined> {
  const named = 'holdId' in which ? eq(voucherHolds.id, which.holdId) : eq(voucherHolds.voucherId, which.voucherId);
  const [released] = await tx
    .update(voucherHolds)
    .set({ releasedAt: services.clock.now(), releasedBy: releaser.by === 'owner' ? 'owner' : releaser.email })
    .where(and(named, isNull(voucherHolds.releasedAt)))
    .returning({
      id: voucherHolds.id,
      voucherId: voucherHolds.voucherId,
      clientKey: voucherHolds.clientKey,
      unexplainedMisses: voucherHolds.unexplainedMisses,
      heldAt: voucherHolds.heldAt,
    });
  return released;
}

/** Whether the voucher's code answers as a miss now (an open hold). */
export async function isHeld(services: Pick<Services, 'db'>, voucherId: string): Promise<boolean> {
  const { db } = await services.db();
  const [open] = await db
    .select({ id: voucherHolds.id })
    .from(voucherHolds)
    .where(and(eq(voucherHolds.voucherId, voucherId), isNull(voucherHolds.releasedAt)));
  return open !== undefined;
}
