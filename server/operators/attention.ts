import 'server-only';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';
import { MONEY_RETURNED_ORDERS, orderStates } from './refund-policy';
import type { OperatorRole } from './roles';

/**
 * What automation could not finish and a person must look at:
 * - booking_failed: Booking.com would not book a paid stay; the money went back automatically,
 *   the customer may want another hotel;
 * - price_rise: the same, because the rooms cost more at booking time than the customer paid for
 *   (the old and the new price): offer the stay at the new price, or another;
 * - booking_unknown: a booking sent to Booking.com more than 30 minutes ago whose outcome is
 *   still unknown after the retries;
 * - refund_waiting: money still held for an order that gave it up more than 30 minutes ago, or a
 *   refund asked for more than 30 minutes ago and not back yet (the gateway keeps refusing);
 * - refund_unknown: a refund whose call got no answer and whose outcome the gateway's answers
 *   cannot tell (refund-send.ts): finance checks at the gateway and settles it;
 * - transfer_send_back: a bank transfer to return by hand to the sender's account (a refund, or
 *   money that came for an order no longer waiting);
 * - cancellation_fee_kept, cancellation_refused: cancellations after the free-cancellation
 *   deadline. A booked stay cancelled once its free cancellation had ended (or on a
 *   non-refundable rate) keeps the rate's fee from the customer's voucher: finance decides
 *   whether the case deserves the fee back (a voucher of it, or a refund). Booking.com refusing a
 *   cancellation (the stay has begun at the hotel, or it answered no) leaves the booking standing
 *   while the customer wanted out: support calls them. A cancellation finance made in the console
 *   (with the fee or without) is dealt with already;
 * - transfer_unmatched: money on the bank statement that paid nothing (a variable symbol nobody
 *   has, an amount that is not the payment's, a payment no longer waiting that kept its money):
 *   finance matches it to an order's payment by hand, or sends it back;
 * - voucher_held: a voucher whose code a client found after more wrong codes than typing explains
 *   (server/vouchers/holds.ts): its code answers as unknown until its owner releases it from the
 *   e-mailed link or an operator does (the console's release); it leaves the list when released;
 * - voucher_guessing: a guessing wave, a day on which the site-wide budget of wrong codes was
 *   spent (server/vouchers/guesses.ts), with how many vouchers were held since it began.
 * An item leaves the list when an operator marks it dealt with (an audit entry, with the reason).
 */
export const ATTENTION_KINDS = [
  'booking_failed',
  'price_rise',
  'booking_unknown',
  'cancellation_fee_kept',
  'cancellation_refused',
  'refund_waiting',
  'refund_unknown',
  'transfer_send_back',
  'transfer_unmatched',
  'voucher_held',
  'voucher_guessing',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** Who may mark an item dealt with: money is finance's. */
export const ATTENTION_ROLE: Record<AttentionKind, OperatorRole> = {
  booking_failed: 'support',
  price_rise: 'support',
  booking_unknown: 'support',
  cancellation_fee_kept: 'finance',
  cancellation_refused: 'support',
  refund_waiting: 'finance',
  refund_unknown: 'finance',
  transfer_send_back: 'finance',
  transfer_unmatched: 'finance',
  voucher_held: 'support',
  voucher_guessing: 'support',
};

export interface AttentionItem {
  kind: AttentionKind;
  /** The order's or the payment's id, or the bank's id of a transfer: with the kind, what the audit entry names. */
  id: string;
  /** Empty for money that names no order. */
  orderNumber: string | null;
  since: Date;
  /** What the system knows and tried: the booking failure, the account and amount to send back. */
  facts: {
    failure?: string;
    account?: string;
    amount?: number;
    currency?: string;
    symbol?: string;
    message?: string;
    outcome?: string;
    /** A price rise: what the rooms cost when paid for, and at booking time. */
    paidPrice?: number;
    newPrice?: number;
    /** A cancellation: what was paid, the fee kept, the voucher given. */
    paid?: number;
    fee?: number;
    voucher?: number;
    /** A held voucher: its code, and the wrong codes its finder had tried. */
    code?: string;
    misses?: number;
    /** A guessing wave: the vouchers held since it began. */
    held?: number;
  };
}

const STUCK_MINUTES = 30;

export function attentionSubject(item: Pick<AttentionItem, 'kind' | 'id'>): string {
  return `${item.kind}:${item.id}`;
}

/** Every open item, oldest first. */
export async function needsAttention(services: Services): Promise<AttentionItem[]> {
  const { db } = await services.db();
  const stuckBefore = new Date(services.clock.now().getTime() - STUCK_MINUTES * 60_000).toISOString();
  const result = await db.execute(sql`
    SELECT * FROM (
      SELECT 'booking_failed' AS kind, o.id::text AS id, o.number AS order_number, o.updated_at AS since,
             jsonb_build_object('failure', h.booking_failure) AS facts
        FROM hotel_orders h JOIN orders o ON o.id = h.order_id
       WHERE h.booking_status = 'ERROR' AND h.booking_failure IS DISTINCT FROM 'higher_price_error'
      UNION ALL
      SELECT 'price_rise', o.id::text, o.number, o.updated_at,
             jsonb_build_object('paidPrice', h.rooms_price, 'newPrice', h.booking_price_seen, 'currency', o.currency)
        FROM hotel_orders h JOIN orders o ON o.id = h.order_id
       WHERE h.booking_status = 'ERROR' AND h.booking_failure = 'higher_price_error'
      UNION ALL
      SELECT 'cancellation_fee_kept', o.id::text, o.number, h.cancelled_at,
             jsonb_build_object('fee', h.cancellation_fee, 'voucher', COALESCE(v.total, 0), 'currency', o.currency)
        FROM hotel_orders h JOIN orders o ON o.id = h.order_id
        LEFT JOIN vouchers v ON v.source = 'compensation' AND v.source_order_id = o.id
       WHERE h.booking_status = 'CANCELLED' AND h.cancellation_fee > 0
         -- Finance cancelling in the console decided on the fee already.
         AND NOT EXISTS (SELECT 1 FROM operator_audit a WHERE a.action = 'booking-cancelled' AND a.subject = 'order:' || o.id::text)
      UNION ALL
      SELECT 'cancellation_refused', o.id::text, o.number, h.cancel_refused_at, '{}'::jsonb
        FROM hotel_orders h JOIN orders o ON o.id = h.order_id
       WHERE h.cancel_refused_at IS NOT NULL AND h.booking_status = 'ACTIVE' AND h.cancel_requested_at IS NULL
      UNION ALL
      SELECT 'booking_unknown', o.id::text, o.number, h.booking_attempted_at, '{}'::jsonb
        FROM hotel_orders h JOIN orders o ON o.id = h.order_id
       WHERE h.booking_status = 'PENDING' AND h.booking_attempted_at < ${stuckBefore}::timestamptz
      UNION ALL
      SELECT 'refund_waiting', p.id::text, o.number, w.since,
             jsonb_build_object('amount', w.amount, 'currency', p.currency)
        FROM payments p JOIN orders o ON o.id = p.owner_id
        CROSS JOIN LATERAL (
          SELECT CASE WHEN o.status IN (${orderStates(MONEY_RETURNED_ORDERS)}) THEN p.amount - p.refunded_amount ELSE p.refund_pending END AS amount,
                 COALESCE((SELECT min(r.created_at) FROM payment_refunds r WHERE r.payment_id = p.id AND r.state IN ('requested', 'sending')), o.updated_at) AS since
        ) w
       WHERE p.status = 'PAID' AND w.since < ${stuckBefore}::timestamptz
         AND ((o.status IN (${orderStates(MONEY_RETURNED_ORDERS)}) AND p.refunded_amount < p.amount)
              OR EXISTS (SELECT 1 FROM payment_refunds r WHERE r.payment_id = p.id AND r.state IN ('requested', 'sending')))
      UNION ALL
      SELECT 'refund_unknown', r.id::text, o.number, r.updated_at,
             jsonb_build_object('amount', r.amount, 'currency', p.currency)
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = p.owner_id
       WHERE r.state = 'unknown'
      UNION ALL
      -- The payment names the item, or a part's own refund does (a payment may send several parts back).
      SELECT 'transfer_send_back', CASE WHEN e.from_status = e.to_status THEN COALESCE(e.detail->>'refund', p.id::text) ELSE p.id::text END, o.number, e.created_at,
             jsonb_build_object('account', e.detail->>'account', 'amount', (e.detail->>'amount')::bigint, 'currency', COALESCE(e.detail->>'currency', p.currency))
        FROM payment_events e JOIN payments p ON p.id = e.payment_id JOIN orders o ON o.id = p.owner_id
       WHERE e.detail->>'instruction' = 'send_back'
      UNION ALL
      SELECT 'transfer_unmatched', b.bank_id, o.number, b.received_at,
             jsonb_build_object('account', b.payer_account, 'amount', b.amount, 'currency', b.currency, 'symbol', b.variable_symbol, 'message', b.message, 'outcome', b.outcome)
        FROM bank_transfers b LEFT JOIN payments p ON p.id = b.payment_id LEFT JOIN orders o ON o.id = p.owner_id
       WHERE b.outcome IN ('wrong_amount', 'unknown_symbol', 'not_waiting')
      UNION ALL
      -- The hold names the item: a voucher released and held again is a new item.
      SELECT 'voucher_held', h.id::text, o.number, h.held_at,
             jsonb_build_object('code', v.code, 'amount', v.balance, 'currency', v.currency, 'misses', h.unexplained_misses)
        FROM voucher_holds h JOIN vouchers v ON v.id = h.voucher_id LEFT JOIN orders o ON o.id = v.source_order_id
       WHERE h.released_at IS NULL
      UNION ALL
      SELECT 'voucher_guessing', w.id::text, NULL, w.window_start,
             jsonb_build_object('misses', w.misses, 'held', (SELECT count(*) FROM voucher_holds h WHERE h.held_at >= w.window_start))
        FROM voucher_guessing_waves w
    ) AS items
    WHERE NOT EXISTS (
      SELECT 1 FROM operator_audit a WHERE a.action = 'attention-resolved' AND a.subject = items.kind || ':' || items.id
    )
    ORDER BY since, kind, id`);
  const rows = (result as unknown as { rows: { kind: AttentionKind; id: string; order_number: string | null; since: Date | string; facts: AttentionItem['facts'] }[] }).rows;
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    orderNumber: row.order_number,
    since: new Date(row.since),
    facts: Object.fromEntries(Object.entries(row.facts ?? {}).filter(([, value]) => value !== null)),
  }));
}
