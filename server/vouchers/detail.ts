import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { voucherLedger, vouchers } from '../db/schema/vouchers';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { normalizeVoucherCode } from './codes';
import type { VoucherRecord } from './issue';
import { withLookupBudget } from './lookup';

export interface VoucherSpending {
  orderId: string;
  orderNumber: string;
  orderDate: Date;
  orderTotal: number;
  amount: number;
}

export interface VoucherView {
  voucher: VoucherRecord;
  spendings: VoucherSpending[];
}

/**
 * A voucher with where it was spent, by its id (the e-mailed link) or by its code (the check form).
 * Code lookups pay from the lookup budgets, and every failure is the same not_found: the answer
 * never tells a malformed code from an unknown one.
 */
export async function voucherById(services: Services, voucherId: string): Promise<VoucherView> {
  const { db } = await services.db();
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  if (!voucher) throw new DomainError('voucher_not_found');
  return { voucher, spendings: await spendingsOf(services, voucher.id) };
}

export async function voucherByCode(services: Services, client: string, code: string): Promise<VoucherView> {
  const voucher = await withLookupBudget(services, client, async () => {
    const normalized = normalizeVoucherCode(code);
    const { db } = await services.db();
    const [found] = normalized ? await db.select().from(vouchers).where(eq(vouchers.code, normalized)) : [];
    return { result: found, failures: found ? 0 : 1 };
  });
  if (!voucher) throw new DomainError('voucher_not_found');
  return { voucher, spendings: await spendingsOf(services, voucher.id) };
}

/** Orders that took value from the voucher (held or spent, less what came back), newest first. */
async function spendingsOf(services: Services, voucherId: string): Promise<VoucherSpending[]> {
  const { db } = await services.db();
  const rows = await db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucherId));
  const byPayment = new Map<string, { orderId: string; amount: number; released: boolean; at: Date }>();
  for (const row of rows) {
    if (!row.paymentId || !row.orderId) continue;
    const entry = byPayment.get(row.paymentId) ?? { orderId: row.orderId, amount: 0, released: false, at: row.createdAt };
    if (row.kind === 'hold') entry.amount += -row.amount;
    if (row.kind === 'refund') entry.amount -= row.amount;
    if (row.kind === 'release') entry.released = true;
    byPayment.set(row.paymentId, entry);
  }
  const used = [...byPayment.values()].filter((e) => !e.released && e.amount > 0);
  if (used.length === 0) return [];
  const found = await db.select().from(orders).where(inArray(orders.id, [...new Set(used.map((e) => e.orderId))]));
  return used
    .flatMap((entry) => {
      const order = found.find((o) => o.id === entry.orderId);
      return order ? [{ orderId: order.id, orderNumber: order.number, orderDate: order.createdAt, orderTotal: order.total, amount: entry.amount }] : [];
    })
    .sort((a, b) => b.orderDate.getTime() - a.orderDate.getTime());
}
