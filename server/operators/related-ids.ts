import 'server-only';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The ids that belong to an order, as text: its own, its payments', their refunds' and its
 * vouchers'. E-mails (by their event key) and audit entries (by their subject) name one of these:
 * a part of a transfer sent back by hand is marked dealt with under its refund's id.
 */
export function relatedIds(orderId: string): SQL {
  return sql`SELECT ${orderId}::text
    UNION SELECT p.id::text FROM payments p WHERE p.owner_id = ${orderId}::uuid
    UNION SELECT r.id::text FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.owner_id = ${orderId}::uuid
    UNION SELECT v.id::text FROM vouchers v WHERE v.source_order_id = ${orderId}::uuid`;
}
