import 'server-only';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The ids that belong to an order, as text: its own, its payments' and its vouchers'. E-mails
 * (by their event key) and audit entries (by their subject) name one of these.
 */
export function relatedIds(orderId: string): SQL {
  return sql`SELECT ${orderId}::text
    UNION SELECT p.id::text FROM payments p WHERE p.owner_id = ${orderId}::uuid
    UNION SELECT v.id::text FROM vouchers v WHERE v.source_order_id = ${orderId}::uuid`;
}
