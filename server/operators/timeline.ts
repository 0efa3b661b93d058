import 'server-only';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';
import { relatedIds } from './related-ids';

/**
 * Everything that happened to an order, in order: its status changes, each payment's, the
 * e-mails about it (by the ids their event keys name), the booking's milestones at Booking.com,
 * what operators did to it or its payments, and the background jobs about it.
 */
export type TimelineEntry =
  | { at: Date; kind: 'order'; from: string | null; to: string; reason: string }
  | { at: Date; kind: 'payment'; method: string; from: string | null; to: string; source: string; reason: string | null }
  | { at: Date; kind: 'refund-asked'; method: string; amount: number; reason: string }
  | { at: Date; kind: 'refund-settled'; method: string; amount: number; state: 'done' | 'refused' | 'unknown'; detail: string }
  | { at: Date; kind: 'mail'; id: string; subject: string; to: string; status: string }
  | { at: Date; kind: 'created' | 'booking-sent' | 'cancel-requested' | 'cancel-refused' }
  | { at: Date; kind: 'booked'; reservation: string | null }
  | { at: Date; kind: 'booking-cancelled'; fee: number | null }
  | { at: Date; kind: 'operator'; email: string; action: string; reason: string | null }
  | { at: Date; kind: 'job'; name: string; state: string; retries: number };

interface Row {
  at: Date | string;
  kind: TimelineEntry['kind'];
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
}

export async function orderTimeline(services: Services, orderId: string): Promise<TimelineEntry[]> {
  const { db } = await services.db();
  const result = await db.execute(sql`
    WITH ids (id) AS (${relatedIds(orderId)})
    -- rank orders entries of the same instant as they follow one another in the saga.
    SELECT * FROM (
      SELECT o.created_at AS at, 0 AS rank, 0::bigint AS seq, 'created' AS kind, NULL AS a, NULL AS b, NULL AS c, NULL AS d
        FROM orders o WHERE o.id = ${orderId}::uuid
      UNION ALL
      SELECT e.created_at, 1, e.id, 'payment', p.method_id, e.from_status, e.to_status, e.source || '|' || COALESCE(e.detail->>'reason', '')
        FROM payment_events e JOIN payments p ON p.id = e.payment_id
       -- A part that went back is told by its refund's own entries below.
       WHERE p.owner_id = ${orderId}::uuid AND NOT (e.from_status = e.to_status AND e.detail->>'refund' IS NOT NULL)
      UNION ALL
      SELECT r.created_at, 1, 0, 'refund-asked', p.method_id, r.amount::text, r.reason, NULL
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.owner_id = ${orderId}::uuid
      UNION ALL
      SELECT r.updated_at, 1, 1, 'refund-settled', p.method_id, r.amount::text, r.state, r.detail
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.owner_id = ${orderId}::uuid AND r.state IN ('done', 'refused', 'unknown')
      UNION ALL
      SELECT e.created_at, 2, 0, 'order', e.from_status, e.to_status, e.reason, NULL
        FROM order_events e WHERE e.order_id = ${orderId}::uuid
      UNION ALL
      SELECT h.booking_attempted_at, 3, 0, 'booking-sent', NULL, NULL, NULL, NULL FROM hotel_orders h WHERE h.order_id = ${orderId}::uuid AND h.booking_attempted_at IS NOT NULL
      UNION ALL
      SELECT h.booked_at, 4, 0, 'booked', h.reservation, NULL, NULL, NULL FROM hotel_orders h WHERE h.order_id = ${orderId}::uuid AND h.booked_at IS NOT NULL
      UNION ALL
      SELECT h.cancel_requested_at, 5, 0, 'cancel-requested', NULL, NULL, NULL, NULL FROM hotel_orders h WHERE h.order_id = ${orderId}::uuid AND h.cancel_requested_at IS NOT NULL
      UNION ALL
      -- A refused cancellation gives its claim up (cancel_requested_at is cleared): this is its trace.
      SELECT h.cancel_refused_at, 5, 1, 'cancel-refused', NULL, NULL, NULL, NULL FROM hotel_orders h WHERE h.order_id = ${orderId}::uuid AND h.cancel_refused_at IS NOT NULL
      UNION ALL
      SELECT h.cancelled_at, 6, 0, 'booking-cancelled', h.cancellation_fee::text, NULL, NULL, NULL FROM hotel_orders h WHERE h.order_id = ${orderId}::uuid AND h.cancelled_at IS NOT NULL
      UNION ALL
      SELECT m.created_at, 7, 0, 'mail', m.subject, m.to_address, m.status, m.id::text
        FROM mail_outbox m WHERE split_part(m.event_key, ':', 2) IN (SELECT id FROM ids)
      UNION ALL
      SELECT a.at, 8, a.seq, 'operator', o.email, a.action, a.reason, NULL
        FROM operator_audit a JOIN operators o ON o.id = a.operator_id
       WHERE split_part(a.subject, ':', 2) IN (SELECT id FROM ids)
      UNION ALL
      -- The background jobs about it, while pg-boss keeps them (deletion_seconds after they end).
      SELECT j.created_on, 9, 0, 'job', j.name, j.state::text, j.retry_count::text, NULL
        FROM pgboss.job j
       WHERE j.data->>'orderId' = ${orderId}
          OR j.data->>'paymentId' IN (SELECT id FROM ids)
          OR j.data->>'mailId' IN (SELECT m.id::text FROM mail_outbox m WHERE split_part(m.event_key, ':', 2) IN (SELECT id FROM ids))
    ) AS entries
    ORDER BY at, rank, seq`);
  return (result as unknown as { rows: Row[] }).rows.map(entry);
}

function entry(row: Row): TimelineEntry {
  const at = new Date(row.at);
  switch (row.kind) {
    case 'order':
      return { at, kind: 'order', from: row.a, to: row.b ?? '', reason: row.c ?? '' };
    case 'payment': {
      const [source = '', reason = ''] = (row.d ?? '').split('|');
      return { at, kind: 'payment', method: row.a ?? '', from: row.b, to: row.c ?? '', source, reason: reason || null };
    }
    case 'refund-asked':
      return { at, kind: 'refund-asked', method: row.a ?? '', amount: Number(row.b), reason: row.c ?? '' };
    case 'refund-settled':
      return { at, kind: 'refund-settled', method: row.a ?? '', amount: Number(row.b), state: row.c as 'done' | 'refused' | 'unknown', detail: row.d ?? '' };
    case 'mail':
      return { at, kind: 'mail', id: row.d ?? '', subject: row.a ?? '', to: row.b ?? '', status: row.c ?? '' };
    case 'booked':
      return { at, kind: 'booked', reservation: row.a };
    case 'booking-cancelled':
      return { at, kind: 'booking-cancelled', fee: row.a === null ? null : Number(row.a) };
    case 'operator':
      return { at, kind: 'operator', email: row.a ?? '', action: row.b ?? '', reason: row.c };
    case 'job':
      return { at, kind: 'job', name: row.a ?? '', state: row.b ?? '', retries: Number(row.c ?? 0) };
    default:
      return { at, kind: row.kind };
  }
}
