import 'server-only';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { voucherLedger, vouchers } from '../db/schema/vouchers';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { isUuid } from '@/lib/route-params';
import { VARIANTS } from '@/lib/variants';
import { normalizeVoucherCode } from '@/lib/voucher-code';
import type { Caller } from '../security/caller';
import type { Site } from '../site';
import { lookUpGuesses } from './guesses';
import type { VoucherRecord } from './issue';

/** Where a voucher was spent, as its holder may see it: the order's number and date, never its id. */
export interface VoucherSpending {
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
 * A voucher of this site with where it was spent, by its id (the e-mailed link) or by its code
 * (the check form). A voucher in another currency is not one the site can show or accept: it is
 * not found. A code is looked up as a guess (guesses.ts): one that matches no usable voucher costs
 * the caller a unit of its budget. A malformed code is invalid_voucher_code without a lookup.
 */
export async function voucherById(services: Services, site: Site, voucherId: string): Promise<VoucherView> {
  if (!isUuid(voucherId)) throw new DomainError('voucher_not_found');
  const { db } = await services.db();
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  if (!voucher || voucher.currency !== VARIANTS[site.variant].currency) throw new DomainError('voucher_not_found');
  return withSpendings(services, voucher);
}

/** The view of a voucher already read (one more query: its spendings). */
export async function withSpendings(services: Services, voucher: VoucherRecord): Promise<VoucherView> {
  return { voucher, spendings: await spendingsOf(services, voucher.id) };
}

export async function voucherByCode(services: Services, site: Site, caller: Caller, code: string): Promise<VoucherView> {
  const currency = VARIANTS[site.variant].currency;
  const normalized = normalizeVoucherCode(code);
  if (!normalized) throw new DomainError('invalid_voucher_code');
  const voucher = await lookUpGuesses(services, caller, [normalized], async () => {
    const { db } = await services.db();
    const [found] = await db.select().from(vouchers).where(eq(vouchers.code, normalized));
    const shown = found?.currency === currency ? found : undefined;
    const usable = shown !== undefined && shown.active && shown.balance > 0 && services.clock.now() < shown.validTo;
    return { result: shown, misses: usable ? 0 : 1 };
  });
  if (!voucher) throw new DomainError('voucher_not_found');
  return withSpendings(services, voucher);
}

/** Orders that took value from the voucher (held or spent, less what came back), newest first. */
async function spendingsOf(services: Services, voucherId: string): Promise<VoucherSpending[]> {
  const { db } = await services.db();
  // One query: the ledger with the order of each entry (a status page reads this often).
  const rows = await db
    .select({ entry: voucherLedger, order: { number: orders.number, createdAt: orders.createdAt, total: orders.total } })
    .from(voucherLedger)
    .leftJoin(orders, eq(orders.id, voucherLedger.orderId))
    .where(eq(voucherLedger.voucherId, voucherId));
  const byPayment = new Map<string, { order: NonNullable<(typeof rows)[number]['order']>; amount: number; released: boolean }>();
  for (const { entry: row, order } of rows) {
    if (!row.paymentId || !order) continue;
    const entry = byPayment.get(row.paymentId) ?? { order, amount: 0, released: false };
    if (row.kind === 'hold') entry.amount += -row.amount;
    if (row.kind === 'refund') entry.amount -= row.amount;
    if (row.kind === 'release') entry.released = true;
    byPayment.set(row.paymentId, entry);
  }
  return [...byPayment.values()]
    .filter((e) => !e.released && e.amount > 0)
    .map(({ order, amount }) => ({ orderNumber: order.number, orderDate: order.createdAt, orderTotal: order.total, amount }))
    .sort((a, b) => b.orderDate.getTime() - a.orderDate.getTime());
}
