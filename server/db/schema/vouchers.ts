import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Value vouchers. The balance is kept by guarded UPDATEs and can never go below zero or above the
 * voucher's value (database constraint); the ledger holds every movement, and its sum is the
 * balance.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey(),
    /** 8 digits from a CSPRNG; never sequential, never derived from anything. */
    code: text('code').notNull().unique(),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    /** purchase (a voucher order), compensation (a cancelled stay), bonus (a promotion), operator (issued by finance in the console). */
    source: text('source').notNull(),
    /**
     * The order that produced it: the purchase, or the cancelled hotel order. A voucher finance
     * issued has no order: this is the nonce of the console's form, so one form issues one voucher.
     */
    sourceOrderId: uuid('source_order_id').notNull(),
    purchasedAsGift: boolean('purchased_as_gift').notNull().default(false),
    /** Support can take a voucher out of use (e.g. a charged-back purchase). */
    active: boolean('active').notNull().default(true),
    site: text('site').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One voucher per purchase and per compensation: a repeated "issue" finds the first.
    unique('vouchers_source').on(t.source, t.sourceOrderId),
    check('vouchers_code', sql`${t.code} ~ '^[0-9]{8}$'`),
    check('vouchers_balance', sql`${t.balance} >= 0 AND ${t.balance} <= ${t.total} AND ${t.total} > 0`),
  ],
);

/** Who a voucher issued in the console was e-mailed to, and in which language (one of its site's). */
export const voucherRecipients = pgTable('voucher_recipients', {
  voucherId: uuid('voucher_id')
    .primaryKey()
    .references(() => vouchers.id),
  email: text('email').notNull(),
  language: text('language').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const LEDGER_KINDS = ['issue', 'hold', 'release', 'capture', 'refund'] as const;

/**
 * Every movement of a voucher's value: issue (+value), hold (− while an order is being paid),
 * release (+ the hold back), capture (0: the hold became spending), refund (+ given back). One row
 * per kind and payment, so each step applies once however often it is repeated.
 */
export const voucherLedger = pgTable(
  'voucher_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id'),
    /** The order that spent or received the value, for the spending history. */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('voucher_ledger_step').on(t.voucherId, t.kind, t.paymentId), index('voucher_ledger_voucher').on(t.voucherId)],
);

/**
 * Discount coupons (the "unit vouchers" of the payment calculation): entered like voucher codes,
 * they add bonus credits or waive the method's fee instead of paying. Created by the operator
 * (npm run coupon).
 */
export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull().unique(),
  bonusBasisPoints: integer('bonus_basis_points').notNull().default(0),
  removeFee: boolean('remove_fee').notNull().default(false),
  /** Comma-separated method ids the coupon works with; empty = any. */
  methods: text('methods').notNull().default(''),
  currency: text('currency').notNull(),
  active: boolean('active').notNull().default(true),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Well-formed codes a client looked up that matched no usable voucher, kept 30 days: what a later
 * hit by the same client is judged by (server/vouchers/holds.ts). The key is the client's address
 * (IPv4, IPv6 /64), never a pass, which anyone can mint; the codes matched nothing, so they name
 * nobody's voucher.
 */
export const voucherCodeMisses = pgTable(
  'voucher_code_misses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientKey: text('client_key').notNull(),
    code: text('code').notNull(),
    /** One typing error away from a real voucher's code when it was typed: a person's typo, not a guess. */
    nearVoucher: boolean('near_voucher').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('voucher_code_misses_client').on(t.clientKey, t.at), index('voucher_code_misses_at').on(t.at)],
);

/**
 * A voucher found by a client after more misses than typing errors explain: while the hold is open
 * the voucher is neither shown nor spendable by its code (it answers as a miss), until its owner
 * releases it from the e-mailed link or an operator does. One open hold per voucher.
 */
export const voucherHolds = pgTable(
  'voucher_holds',
  {
    id: uuid('id').primaryKey(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    /** Who found it: the client key of its address. */
    clientKey: text('client_key').notNull(),
    /** Misses of that client before the hit that no typing error of the code explains. */
    unexplainedMisses: integer('unexplained_misses').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** "owner" (the e-mailed link), or the operator's e-mail. */
    releasedBy: text('released_by'),
  },
  (t) => [
    uniqueIndex('voucher_holds_open')
      .on(t.voucherId)
      .where(sql`${t.releasedAt} IS NULL`),
    index('voucher_holds_held_at').on(t.heldAt),
  ],
);

/**
 * A guessing wave: a window (a day, UTC) in which the site-wide budget of misses was spent, so
 * every lookup proves its work and every hit is judged strictly (server/vouchers/guesses.ts). One
 * row per window, written with the operator's alert; the console lists it under Needs attention.
 */
export const voucherGuessingWaves = pgTable('voucher_guessing_waves', {
  id: uuid('id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().unique(),
  /** The site-wide budget of misses that was spent. */
  misses: integer('misses').notNull(),
  detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
});
