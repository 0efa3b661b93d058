import 'server-only';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';

export interface FoundOrder {
  number: string;
  kind: 'hotel' | 'voucher';
  status: string;
  customer: string;
  email: string;
  createdAt: Date;
}

/** At most this many orders are listed for one search (an e-mail with a long history). */
export const SEARCH_LIMIT = 50;

/**
 * The orders a support question may be about, whatever the customer quotes: the order number,
 * their e-mail, a voucher code (the order that bought or was paid with it), a bank transfer's
 * variable symbol, the gateway's payment id or Booking.com's reservation or order number.
 * Newest first. Exact matches only: a console is not a place to browse customers.
 */
export async function searchOrders(services: Services, query: string): Promise<FoundOrder[]> {
  const q = query.trim();
  if (q.length === 0 || q.length > 200) return [];
  const { db } = await services.db();
  const result = await db.execute(sql`
    WITH hits AS (
      SELECT o.id FROM orders o WHERE o.number = ${q} OR lower(o.customer->>'email') = lower(${q})
      UNION SELECT p.owner_id FROM payments p WHERE p.variable_symbol = ${q} OR p.gateway_payment_id = ${q}
      UNION SELECT h.order_id FROM hotel_orders h WHERE h.reservation = ${q} OR h.portal_order_id = ${q}
      UNION SELECT v.source_order_id FROM vouchers v WHERE v.code = ${q}
      UNION SELECT l.order_id FROM voucher_ledger l JOIN vouchers v ON v.id = l.voucher_id WHERE v.code = ${q} AND l.order_id IS NOT NULL
    )
    SELECT o.number, o.kind, o.status, o.customer->>'firstName' || ' ' || (o.customer->>'lastName') AS customer, o.customer->>'email' AS email, o.created_at
      FROM orders o JOIN hits ON hits.id = o.id
     ORDER BY o.created_at DESC, o.number DESC
     LIMIT ${SEARCH_LIMIT}`);
  return (result as unknown as { rows: { number: string; kind: FoundOrder['kind']; status: string; customer: string; email: string; created_at: Date | string }[] }).rows.map(
    (row) => ({ number: row.number, kind: row.kind, status: row.status, customer: row.customer, email: row.email, createdAt: new Date(row.created_at) }),
  );
}
