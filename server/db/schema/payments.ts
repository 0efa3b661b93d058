import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const PAYMENT_STATUSES = ['WAITING', 'PAID', 'CANCELLED', 'REJECTED', 'REVOKED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One payment of an order: a gateway payment, a bank transfer, or value taken from a voucher.
 * The payments platform knows its owner only as (owner_type, owner_id). A payment that failed and
 * was paid again points to its successor (replaced_by); the owner's status reads the current ones.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    ownerType: text('owner_type').notNull(),
    ownerId: uuid('owner_id').notNull(),
    site: text('site').notNull(),
    language: text('language').notNull(),
    /** A METHODS id, or 'voucher' for value taken from a voucher. */
    methodId: text('method_id').notNull(),
    gateway: text('gateway'),
    gatewayPaymentId: text('gateway_payment_id'),
    redirectUrl: text('redirect_url'),
    variableSymbol: text('variable_symbol').unique(),
    voucherId: uuid('voucher_id'),
    orderNumber: text('order_number').notNull(),
    currency: text('currency').notNull(),
    /** What is charged: covers + fee (minor units). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    covers: bigint('covers', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** What went back to the payer (minor units): the refunds recorded done. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** Refunds asked for and not yet settled (payment_refunds requested, sending or unknown): reserved, so no two requests return the same money. */
    refundPending: bigint('refund_pending', { mode: 'number' }).notNull().default(0),
    /** Taken before a refund reaches the gateway (a lease): of two refund runs, one calls it. */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    /** A bank transfer's sender account: where a refund goes. */
    payerAccount: text('payer_account'),
    replacedBy: uuid('replaced_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('payments_gateway_payment').on(t.gateway, t.gatewayPaymentId),
    index('payments_owner').on(t.ownerType, t.ownerId),
    index('payments_waiting').on(t.status, t.expiresAt),
    check('payments_amounts', sql`${t.amount} >= 0 AND ${t.covers} >= 0 AND ${t.fee} >= 0 AND ${t.amount} = ${t.covers} + ${t.fee}`),
    check('payments_refund', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
    check('payments_refund_pending', sql`${t.refundPending} >= 0 AND ${t.refundedAmount} + ${t.refundPending} <= ${t.amount}`),
    check('payments_status', sql`${t.status} IN ('WAITING', 'PAID', 'CANCELLED', 'REJECTED', 'REVOKED', 'REFUNDED')`),
  ],
);

export const REFUND_STATES = ['requested', 'sending', 'done', 'refused', 'unknown'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Each return of a paid payment's money, whole or in part: asked for (its amount reserved in
 * payments.refund_pending in the same transaction, so the asks never add up to more than was
 * paid), sending (the gateway's status before the call is kept: an unanswered call is resolved by
 * asking again, never by sending again), then done (payments.refunded_amount), refused (the
 * reservation given back) or unknown (the gateway's answers cannot tell; a person settles it).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: text('state', { enum: REFUND_STATES }).notNull(),
    /** Why: the automatic reason (a failed booking, an expired order) or `operator`. */
    reason: text('reason').notNull(),
    /** The operator who asked, for a refund asked for in the console. */
    operatorId: uuid('operator_id'),
    /** Where the gateway had the payment just before the refund was sent (paid, refunded …). */
    gatewayBefore: text('gateway_before'),
    /** What the gateway said when it refused, or why the outcome stayed unknown. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payment_refunds_payment').on(t.paymentId),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    check('payment_refunds_state', sql`${t.state} IN ('requested', 'sending', 'done', 'refused', 'unknown')`),
  ],
);

/** Variable symbols of bank transfers: 10 digits, unique per payment, never reused. */
export const variableSymbols = pgSequence('payment_variable_symbols', { startWith: 1_000_000_001, maxValue: 9_999_999_999 });

/** Every status change of a payment, written in the same transaction as the change. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Who moved it: create, return, notification, reconcile, expiry, bank, refund, owner. */
    source: text('source').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_events_payment').on(t.paymentId)],
);

/**
 * Notifications already applied, keyed by the sender's event id: a repeated delivery finds its
 * row and changes nothing. Written in the same transaction as the change it caused.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Every incoming transfer the bank reported, matched or not: a wrong amount or an unknown
 * variable symbol is kept for support and pays nothing.
 */
export const bankTransfers = pgTable('bank_transfers', {
  /** The bank's own id of the transfer (statement line), so a re-read statement adds nothing. */
  bankId: text('bank_id').primaryKey(),
  variableSymbol: text('variable_symbol').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  payerAccount: text('payer_account').notNull(),
  /** The payer's message as the bank got it (a Polish transfer's title): what support reads of an unpaired line. */
  message: text('message').notNull().default(''),
  paymentId: uuid('payment_id').references(() => payments.id),
  /** paid | returned (sent back: its payment was given up) | wrong_amount | unknown_symbol | not_waiting */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Small durable cursors of background work, e.g. how far the bank statement was read. */
export const jobCursors = pgTable('job_cursors', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
