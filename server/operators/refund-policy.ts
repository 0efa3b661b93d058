import 'server-only';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Orders that gave their money up without keeping it: refunded after a failed booking, cancelled
 * unpaid in time, by support or as a duplicate. What a payment of theirs still holds goes back
 * (automatically; Needs attention lists it when it does not). A customer's own cancellation is
 * not among them: its money became the compensation voucher.
 */
export const MONEY_RETURNED_ORDERS = ['REFUNDED_AUTOMATICALLY', 'CANCELLED_REFUND', 'CANCELLED_DUPLICATE', 'CANCELLED_AUTOMATICALLY'] as const;

/**
 * Orders whose payments finance may refund, whole or in part: every order not waiting for money
 * (a refund there would race the payments still coming). A paid order stays as it is (a goodwill
 * refund); a cancelled one keeps its compensation voucher (a refund of the fee kept, say).
 */
export const REFUNDABLE_ORDERS = ['PAID', 'CANCELLED_BY_USER', ...MONEY_RETURNED_ORDERS] as const;

/** What a refund means for its order, as the confirmation says it. */
export type RefundEffect = 'returned' | 'cancelled' | 'kept';

export function refundEffect(orderStatus: string): RefundEffect {
  if ((MONEY_RETURNED_ORDERS as readonly string[]).includes(orderStatus)) return 'returned';
  return orderStatus === 'CANCELLED_BY_USER' ? 'cancelled' : 'kept';
}

/** A list of order states as the inside of an SQL `IN (…)`. */
export function orderStates(states: readonly string[]): SQL {
  return sql.join(
    states.map((status) => sql`${status}`),
    sql`, `,
  );
}
