import 'server-only';
import { sql } from 'drizzle-orm';
import { orderNumbers } from '../db/schema/orders';
import type { Tx } from '../db/transaction';

/**
 * The next readable order number: the year (Prague time) and a 6-digit counter that starts again
 * each year, e.g. 2026000123. One atomic upsert, so concurrent orders never share a number; it is
 * digits only and 10 long, as gateways (ČSOB orderNo) and bank references need.
 */
export async function nextOrderNumber(tx: Tx, now: Date): Promise<string> {
  const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Prague' }).format(now));
  const [row] = await tx
    .insert(orderNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: orderNumbers.year, set: { last: sql`${orderNumbers.last} + 1` } })
    .returning({ last: orderNumbers.last });
  if (!row) throw new Error('no order number');
  return `${year}${String(row.last).padStart(6, '0')}`;
}
