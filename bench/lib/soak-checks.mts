import { Client } from 'pg';
import type { Expected } from './soak-flows.mts';

export interface Finding {
  check: string;
  /** Offending rows (at most a few shown). */
  rows: unknown[];
}

/**
 * Money and bookings after the soak, straight from the database: each query returns the rows
 * that break one rule, so an empty answer is a pass.
 */
const RULES: { check: string; sql: string }[] = [
  { check: 'a payment without its order', sql: 'SELECT p.id, p.owner_id FROM payments p LEFT JOIN orders o ON o.id = p.owner_id WHERE o.id IS NULL' },
  { check: 'a voucher balance below zero or above its value', sql: 'SELECT id, balance, total FROM vouchers WHERE balance < 0 OR balance > total' },
  {
    check: "a voucher balance that is not the sum of its ledger",
    sql: 'SELECT v.id, v.balance, sum(l.amount) AS ledger FROM vouchers v JOIN voucher_ledger l ON l.voucher_id = v.id GROUP BY v.id HAVING v.balance <> sum(l.amount)',
  },
  {
    // An order's total includes the fees of its payment methods, as the payments' amounts do.
    check: 'a paid order whose paid payments do not add up to its total',
    sql: `SELECT o.id, o.total, sum(p.amount) AS paid FROM orders o JOIN payments p ON p.owner_id = o.id AND p.status = 'PAID'
          WHERE o.status = 'PAID' GROUP BY o.id HAVING sum(p.amount) <> o.total`,
  },
  {
    check: 'an order refunded automatically that still holds money',
    sql: `SELECT o.id, p.id AS payment, p.status, p.amount, p.refunded_amount FROM orders o JOIN payments p ON p.owner_id = o.id
          WHERE o.status = 'REFUNDED_AUTOMATICALLY' AND p.status = 'PAID'`,
  },
  { check: 'a payment marked paid twice', sql: "SELECT payment_id, count(*) FROM payment_events WHERE to_status = 'PAID' GROUP BY payment_id HAVING count(*) > 1" },
  { check: 'an order booked twice at Booking.com', sql: "SELECT label, count(*) FROM sandbox_booking_orders WHERE status = 'booked' GROUP BY label HAVING count(*) > 1" },
  {
    check: 'an active booking the hotel does not know',
    sql: `SELECT h.order_id FROM hotel_orders h WHERE h.booking_status = 'ACTIVE'
          AND NOT EXISTS (SELECT 1 FROM sandbox_booking_orders b WHERE b.label = h.order_id::text AND b.reservation::text = h.reservation)`,
  },
  { check: 'a voucher order that issued more than one voucher', sql: 'SELECT source_order_id, count(*) FROM vouchers GROUP BY source_order_id HAVING count(*) > 1' },
  // mail_outbox.event_key is unique: an e-mail is written once per event, so none goes twice.
  { check: 'an e-mail given up', sql: "SELECT event_key, status, attempts FROM mail_outbox WHERE status = 'failed'" },
];

/** The state each order of the soak must end in: paid, and booked or its voucher issued. */
const FINAL_STATE = `
  SELECT o.id, o.kind, o.status, h.booking_status, h.booking_failure, (SELECT count(*) FROM vouchers v WHERE v.source_order_id = o.id) AS vouchers
  FROM orders o LEFT JOIN hotel_orders h ON h.order_id = o.id WHERE o.id = ANY($1::uuid[])`;

interface FinalRow {
  id: string;
  kind: 'hotel' | 'voucher';
  status: string;
  booking_status: string | null;
  booking_failure: string | null;
  vouchers: string;
}

/**
 * Paid and booked, or the voucher issued. A stay whose room was taken by someone else between
 * the preview and the booking is refunded in full instead: settled too, and counted apart.
 */
const booked = (row: FinalRow) => row.status === 'PAID' && (row.kind === 'hotel' ? row.booking_status === 'ACTIVE' : row.vouchers === '1');
const refunded = (row: FinalRow) => row.kind === 'hotel' && row.status === 'REFUNDED_AUTOMATICALLY' && row.booking_status === 'ERROR';
const settled = (row: FinalRow) => booked(row) || refunded(row);

async function waitFor(done: () => Promise<boolean>, waitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await done()) && Date.now() - started < waitMs) await new Promise((resolve) => setTimeout(resolve, 1_000));
  return Date.now() - started;
}

export interface Outcome {
  findings: Finding[];
  /** How long after the load every order had reached its final state. */
  settledMs: number;
  /** How long after that the last e-mail was out (the worker renders PDFs for many of them). */
  mailedMs: number;
  /** Stays refunded instead of booked, by the reason Booking.com gave. */
  notBooked: Record<string, number>;
}

/**
 * Waits until every order of the soak has reached its final state (the worker books stays and
 * reads the bank statement in the background), then until every e-mail is out, then checks the
 * rules. An order still unsettled after `waitMs`, or an e-mail still queued after as long again,
 * is a finding too.
 */
export async function checkConsistency(databaseUrl: string, orders: Expected[], waitMs = 180_000): Promise<Outcome> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = orders.map((order) => order.orderId);
    let rows: FinalRow[] = [];
    let unsettled: string[] = [];
    const settledMs = await waitFor(async () => {
      rows = (await client.query<FinalRow>(FINAL_STATE, [ids])).rows;
      const found = new Map(rows.map((row) => [row.id, row]));
      unsettled = ids.filter((id) => !found.has(id) || !settled(found.get(id)!));
      return unsettled.length === 0;
    }, waitMs);
    let queued = 0;
    const mailedMs = await waitFor(async () => {
      queued = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE status = 'queued'")).rows[0]!.n);
      return queued === 0;
    }, waitMs);
    const notBooked: Record<string, number> = {};
    for (const row of rows.filter(refunded)) notBooked[row.booking_failure ?? 'unknown'] = (notBooked[row.booking_failure ?? 'unknown'] ?? 0) + 1;
    const findings: Finding[] = [];
    if (unsettled.length > 0) findings.push({ check: 'an order that did not reach its final state', rows: rows.filter((row) => unsettled.includes(row.id)) });
    if (queued > 0) findings.push({ check: 'e-mails still queued', rows: [queued] });
    for (const rule of RULES) {
      const broken = (await client.query(rule.sql)).rows;
      if (broken.length > 0) findings.push({ check: rule.check, rows: broken });
    }
    return { findings, settledMs, mailedMs, notBooked };
  } finally {
    await client.end();
  }
}
