import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { voucherLedger, vouchers } from '../db/schema/vouchers';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import { newVoucherCode } from './codes';
import { validUntil } from './state';

export type VoucherRecord = typeof vouchers.$inferSelect;

export interface IssueVoucher {
  source: 'purchase' | 'compensation' | 'bonus' | 'operator';
  sourceOrderId: string;
  total: number;
  currency: string;
  site: string;
  validityMonths: number;
  purchasedAsGift: boolean;
}

/**
 * Issues a voucher exactly once per source: a second call (a repeated job, a concurrent
 * notification) finds the first voucher through the (source, order) key and returns it. A fresh
 * code that happens to exist already is drawn again.
 */
export async function issueVoucher(services: Pick<Services, 'clock'>, tx: Tx, input: IssueVoucher): Promise<VoucherRecord> {
  const now = services.clock.now();
  for (let attempt = 0; attempt < 10; attempt++) {
    const [created] = await tx
      .insert(vouchers)
      .values({
        id: crypto.randomUUID(),
        code: newVoucherCode(),
        currency: input.currency,
        total: input.total,
        balance: input.total,
        source: input.source,
        sourceOrderId: input.sourceOrderId,
        purchasedAsGift: input.purchasedAsGift,
        site: input.site,
        validFrom: now,
        validTo: validUntil(now, input.validityMonths),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      // A voucher finance issued came from no order (its source id is the console form's).
      const orderId = input.source === 'operator' ? null : input.sourceOrderId;
      await tx.insert(voucherLedger).values({ voucherId: created.id, kind: 'issue', amount: created.total, orderId, createdAt: now });
      return created;
    }
    const [existing] = await tx
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.source, input.source), eq(vouchers.sourceOrderId, input.sourceOrderId)));
    if (existing) return existing;
  }
  throw new Error('could not draw an unused voucher code');
}

/** The ledger must always sum to the balance (checked by tests and by support tooling). */
export async function ledgerSum(tx: Tx, voucherId: string): Promise<number> {
  const result = await tx.execute(sql`SELECT COALESCE(SUM(amount), 0)::bigint AS total FROM voucher_ledger WHERE voucher_id = ${voucherId}`);
  return Number((result as unknown as { rows: { total: string | number }[] }).rows[0]?.total ?? 0);
}
