import 'server-only';
import { isUuid } from '@/lib/route-params';
import { addDays, isCalendarDate, pragueMidnight } from '@/lib/prague-time';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { operatorAudit } from '../db/schema/operators';
import { voucherHolds, voucherLedger, voucherRecipients, vouchers } from '../db/schema/vouchers';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { audit, operatorReason } from './audit';
import type { Operator } from './roles';

/** A voucher as the console shows it: value, balance, validity, where it came from, every movement, its open hold. */
export async function voucherByCode(services: Services, code: string) {
  if (!/^\d{8}$/.test(code)) return undefined;
  const { db } = await services.db();
  const [voucher] = await db
    .select({ voucher: vouchers, sourceNumber: orders.number, recipient: voucherRecipients.email })
    .from(vouchers)
    .leftJoin(orders, eq(orders.id, vouchers.sourceOrderId))
    .leftJoin(voucherRecipients, eq(voucherRecipients.voucherId, vouchers.id))
    .where(eq(vouchers.code, code));
  if (!voucher) return undefined;
  const ledger = await db
    .select({ kind: voucherLedger.kind, amount: voucherLedger.amount, at: voucherLedger.createdAt, orderNumber: orders.number })
    .from(voucherLedger)
    .leftJoin(orders, eq(orders.id, voucherLedger.orderId))
    .where(eq(voucherLedger.voucherId, voucher.voucher.id))
    .orderBy(asc(voucherLedger.id));
  const [hold] = await db
    .select({ id: voucherHolds.id, heldAt: voucherHolds.heldAt, unexplainedMisses: voucherHolds.unexplainedMisses })
    .from(voucherHolds)
    .where(and(eq(voucherHolds.voucherId, voucher.voucher.id), isNull(voucherHolds.releasedAt)));
  return { ...voucher.voucher, sourceNumber: voucher.sourceNumber, recipient: voucher.recipient, ledger, hold };
}

export type ConsoleVoucher = NonNullable<Awaited<ReturnType<typeof voucherByCode>>>;

export class ExtendRefused extends Error {
  override readonly name = 'ExtendRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'bad_date' | 'not_found') {
    super(reason);
  }
}

/** How far ahead a voucher's validity may be moved: three years from today. */
const MAX_DAYS_AHEAD = 3 * 366;

/**
 * Finance extends a voucher's validity to the end of a day (Prague): later than it ends now and
 * at most three years ahead. The voucher row is locked, the change and its audit entry are one
 * transaction, and the same form sent twice (its nonce) changes it once.
 */
export async function extendVoucher(services: Services, operator: Operator, input: { voucherId: string; until: string; reason: string; nonce: string }): Promise<Date> {
  if (operator.role !== 'finance') throw new ExtendRefused('forbidden');
  const why = operatorReason(input.reason);
  if (!why) throw new ExtendRefused('no_reason');
  if (!isCalendarDate(input.until) || !isUuid(input.voucherId) || !isUuid(input.nonce)) throw new ExtendRefused('bad_date');
  const validTo = pragueMidnight(addDays(input.until, 1));
  const now = services.clock.now();
  if (validTo.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) throw new ExtendRefused('bad_date');
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const [done] = await tx
      .select({ after: operatorAudit.after })
      .from(operatorAudit)
      .where(sql`${operatorAudit.action} = 'voucher-extended' AND ${operatorAudit.after}->>'nonce' = ${input.nonce}`);
    if (done) return new Date((done.after as { validTo: string }).validTo);
    const locked = await tx.execute(sql`SELECT id, valid_to FROM vouchers WHERE id = ${input.voucherId}::uuid FOR UPDATE`);
    const [row] = (locked as unknown as { rows: { id: string; valid_to: Date | string }[] }).rows;
    if (!row) throw new ExtendRefused('not_found');
    const before = new Date(row.valid_to);
    if (validTo <= before) throw new ExtendRefused('bad_date');
    await tx.update(vouchers).set({ validTo }).where(eq(vouchers.id, input.voucherId));
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'voucher-extended',
      subject: `voucher:${input.voucherId}`,
      reason: why,
      before: { validTo: before.toISOString() },
      after: { validTo: validTo.toISOString(), nonce: input.nonce },
    });
    return validTo;
  });
}
