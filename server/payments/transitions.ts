import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/payments';
import type { Db } from '../db/open-db';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import { current, type PaymentRecord, type PaymentSource } from './records';
import { canMove, type PaymentStatus } from './status';

/** What moving a payment takes: the clock, the owner told of it (owners) and the voucher wallet. */
export type PaymentMoves = Pick<Services, 'clock' | 'owners' | 'wallet'>;

/**
 * Moves one payment to `to`, if the state machine allows it and nobody moved it first: one guarded
 * UPDATE (… WHERE status = from), an event row, and the owner's hook, all in the caller's
 * transaction. Returns the updated row, or undefined when the move did not happen (then the
 * caller reads the current state again; nothing is overwritten).
 */
export async function movePayment(
  services: PaymentMoves,
  tx: Tx,
  payment: PaymentRecord,
  to: PaymentStatus,
  source: PaymentSource,
  detail: Record<string, unknown> = {},
): Promise<PaymentRecord | undefined> {
  if (!canMove(payment.status, to)) return undefined;
  const now = services.clock.now();
  const [moved] = await tx
    .update(payments)
    .set({ status: to, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!moved) return undefined;
  await tx.insert(paymentEvents).values({ paymentId: payment.id, fromStatus: payment.status, toStatus: to, source, detail, createdAt: now });
  if (payment.methodId === 'voucher') await settleVoucher(services, tx, moved);
  await notifyOwner(services, tx, moved);
  return moved;
}

/** The voucher ledger follows its payment: paid captures the hold, a failure releases it. */
async function settleVoucher(services: Pick<Services, 'wallet'>, tx: Tx, payment: PaymentRecord): Promise<void> {
  if (payment.status === 'PAID') await services.wallet.capture(tx, payment.id);
  else if (payment.status !== 'REFUNDED') await services.wallet.release(tx, payment.id);
}

/**
 * Tells the owner, and settles the value held on vouchers: once every other payment of the owner
 * is paid, its waiting voucher payments are paid too (the vouchers were only held until then).
 */
async function notifyOwner(services: PaymentMoves, tx: Tx, changed: PaymentRecord): Promise<void> {
  const all = current(await ownerPayments(tx, changed.ownerType, changed.ownerId, true));
  const others = all.filter((p) => p.methodId !== 'voucher');
  const waitingVouchers = all.filter((p) => p.methodId === 'voucher' && p.status === 'WAITING');
  if (waitingVouchers.length > 0 && others.every((p) => p.status === 'PAID')) {
    // Each of these moves notifies the owner again, with the final picture.
    for (const voucher of waitingVouchers) await movePayment(services, tx, voucher, 'PAID', 'owner');
    return;
  }
  const owner = services.owners[changed.ownerType];
  if (!owner) throw new Error(`no payment owner registered for ${changed.ownerType}`);
  await owner.onPaymentsChanged(tx, changed.ownerId, all);
}

/**
 * An owner's payments (all attempts), optionally locked against concurrent changes (`lock` only
 * means something inside a transaction; a plain read needs none).
 */
export async function ownerPayments(tx: Tx | Db, ownerType: string, ownerId: string, lock = false): Promise<PaymentRecord[]> {
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.ownerType, ownerType), eq(payments.ownerId, ownerId)))
    .orderBy(payments.createdAt, payments.id);
  return lock ? query.for('update') : query;
}

/**
 * Locks every payment of the owner of `paymentId` (always in the same order, so two changes of one
 * owner never deadlock) and returns the payment as it is now, or undefined if it does not exist.
 */
export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRecord | undefined> {
  const [row] = await tx.select({ ownerType: payments.ownerType, ownerId: payments.ownerId }).from(payments).where(eq(payments.id, paymentId));
  if (!row) return undefined;
  return (await ownerPayments(tx, row.ownerType, row.ownerId, true)).find((p) => p.id === paymentId);
}

/**
 * Cancels an owner's waiting payments (the order expired or was cancelled): gateway payments are
 * cancelled at the gateway by the expiry job; here they, transfers and voucher holds end.
 */
export async function cancelWaitingPayments(services: PaymentMoves, tx: Tx, ownerType: string, ownerId: string): Promise<PaymentRecord[]> {
  const waiting = (await ownerPayments(tx, ownerType, ownerId, true)).filter((p) => p.status === 'WAITING' && p.replacedBy === null);
  const cancelled: PaymentRecord[] = [];
  for (const payment of waiting) {
    const moved = await movePayment(services, tx, payment, 'CANCELLED', 'owner');
    if (moved) cancelled.push(moved);
  }
  return cancelled;
}

export async function paymentsByIds(tx: Tx, ids: string[]): Promise<PaymentRecord[]> {
  if (ids.length === 0) return [];
  return tx.select().from(payments).where(and(inArray(payments.id, ids), isNull(payments.replacedBy)));
}
