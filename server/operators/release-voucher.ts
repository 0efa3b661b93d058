import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '@/lib/route-params';
import { orders } from '../db/schema/orders';
import { voucherHolds, vouchers } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { releaseHold } from '../vouchers/release-hold';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';

/** An open hold as the console shows it: the voucher it keeps, and what its finder had tried. */
export interface OpenHold {
  id: string;
  voucherId: string;
  code: string;
  balance: number;
  currency: string;
  sourceNumber: string | null;
  heldAt: Date;
  unexplainedMisses: number;
}

/** Why a release was refused; nothing was written. */
export class ReleaseRefused extends Error {
  override readonly name = 'ReleaseRefused';
  constructor(readonly reason: 'no_reason' | 'not_open') {
    super(reason);
  }
}

/** The hold by its id while it is open. */
export async function openHold(services: Pick<Services, 'db'>, holdId: string): Promise<OpenHold | undefined> {
  if (!isUuid(holdId)) return undefined;
  const { db } = await services.db();
  const [row] = await db
    .select({
      id: voucherHolds.id,
      voucherId: voucherHolds.voucherId,
      code: vouchers.code,
      balance: vouchers.balance,
      currency: vouchers.currency,
      sourceNumber: orders.number,
      heldAt: voucherHolds.heldAt,
      unexplainedMisses: voucherHolds.unexplainedMisses,
    })
    .from(voucherHolds)
    .innerJoin(vouchers, eq(vouchers.id, voucherHolds.voucherId))
    .leftJoin(orders, eq(orders.id, vouchers.sourceOrderId))
    .where(and(eq(voucherHolds.id, holdId), isNull(voucherHolds.releasedAt)));
  return row;
}

/**
 * An operator releases a held voucher (the owner asked support, say): the guarded release and its
 * audit entry are one transaction, so a release is recorded exactly when it happened. The same
 * form sent twice (its nonce) answers as the first time; a hold released meanwhile (by its owner,
 * or another operator) is refused as no longer open. Answers the voucher's code.
 */
export async function releaseByOperator(services: Services, operator: Operator, input: { holdId: string; reason: string; nonce: string }): Promise<string> {
  const why = operatorReason(input.reason);
  if (!why) throw new ReleaseRefused('no_reason');
  if (!isUuid(input.holdId) || !isUuid(input.nonce)) throw new ReleaseRefused('not_open');
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const [voucher] = await tx
      .select({ id: vouchers.id, code: vouchers.code })
      .from(voucherHolds)
      .innerJoin(vouchers, eq(vouchers.id, voucherHolds.voucherId))
      .where(eq(voucherHolds.id, input.holdId));
    if (!voucher) throw new ReleaseRefused('not_open');
    if (await nonceUsed(tx, 'voucher-released', input.nonce)) return voucher.code;
    const released = await releaseHold(services, tx, { holdId: input.holdId }, { by: 'operator', email: operator.email });
    if (!released) throw new ReleaseRefused('not_open');
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'voucher-released',
      subject: `voucher:${voucher.id}`,
      reason: why,
      before: { hold: released.id, heldAt: released.heldAt.toISOString(), unexplainedMisses: released.unexplainedMisses },
      after: { released: true, nonce: input.nonce },
    });
    return voucher.code;
  });
}
