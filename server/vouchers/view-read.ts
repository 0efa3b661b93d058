import 'server-only';
import { rowFromColumns } from '../db/json-rows';
import { voucherLedger, vouchers } from '../db/schema/vouchers';
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
 * SQL of the voucher aliased `v` with its ledger and each entry's order, as one JSON value, so a
 * voucher page (or an order page with its vouchers) is one query. `voucherViewFromJson` reads it.
 */
export const VOUCHER_VIEW_JSON = `json_build_object(
  'voucher', to_json(v),
  'ledger', (
    select coalesce(json_agg(json_build_object('entry', to_json(l), 'number', lo.number, 'created_at', lo.created_at, 'total', lo.total)), '[]'::json)
    from voucher_ledger l left join orders lo on lo.id = l.order_id
    where l.voucher_id = v.id))`;

interface LedgerJson {
  entry: Record<string, unknown>;
  number: string | null;
  created_at: string | null;
  total: number | null;
}

export function voucherViewFromJson(json: { voucher: Record<string, unknown>; ledger: LedgerJson[] }): VoucherView {
  const ledger = json.ledger.map((row) => ({
    entry: rowFromColumns(voucherLedger, row.entry),
    order: row.number === null ? undefined : { number: row.number, createdAt: new Date(row.created_at!), total: Number(row.total) },
  }));
  return { voucher: rowFromColumns(vouchers, json.voucher), spendings: spendingsOf(ledger) };
}

type LedgerRow = { entry: typeof voucherLedger.$inferSelect; order?: { number: string; createdAt: Date; total: number } };

/** Orders that took value from the voucher (held or spent, less what came back), newest first. */
function spendingsOf(rows: readonly LedgerRow[]): VoucherSpending[] {
  const byPayment = new Map<string, { order: NonNullable<LedgerRow['order']>; amount: number; released: boolean }>();
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
