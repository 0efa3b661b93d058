import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Payments as the simulated gateways hold them. `status` is in the gateway's own vocabulary:
 * ČSOB's paymentStatus as text ('1'…'10'), the benefit gateways' CREATED, PAID, CANCELLED,
 * REJECTED, EXPIRED, REFUNDED.
 */
export const sandboxGatewayPayments = pgTable(
  'sandbox_gateway_payments',
  {
    /** The gateway's payment id (ČSOB payId). */
    id: text('id').primaryKey(),
    gateway: text('gateway').notNull(),
    merchantId: text('merchant_id').notNull(),
    orderNumber: text('order_number').notNull(),
    /** Minor units (hundredths); after a partial ČSOB close, the captured amount. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    language: text('language').notNull(),
    returnUrl: text('return_url').notNull(),
    /** ČSOB returns by POST or GET; the benefit gateways always by GET. */
    returnMethod: text('return_method').notNull().default('GET'),
    notifyUrl: text('notify_url'),
    /** ČSOB merchantData, base64 as the merchant sent it. */
    merchantData: text('merchant_data'),
    /** ČSOB: capture automatically on payment (7) or only authorize (4). */
    closePayment: boolean('close_payment').notNull().default(true),
    authCode: text('auth_code'),
    category: text('category'),
    ttlSeconds: integer('ttl_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the customer paid (ČSOB: captured, state 7). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A test's knob (ČSOB): the next refund is made, but its answer is lost on the way back. */
    loseRefundAnswer: boolean('lose_refund_answer').notNull().default(false),
  },
  (table) => [
    check('sandbox_gateway_payments_amount', sql`${table.amount} > 0`),
    check('sandbox_gateway_payments_refunded', sql`${table.refundedAmount} >= 0 AND ${table.refundedAmount} <= ${table.amount}`),
    index('sandbox_gateway_payments_recent').on(table.gateway, table.createdAt),
  ],
);

/** Status changes the benefit gateways notify the merchant of; redeliveries keep the eventId. */
export const sandboxGatewayEvents = pgTable(
  'sandbox_gateway_events',
  {
    eventId: text('event_id').primaryKey(),
    /** Creation order: the site's clock may stand still (tests), so timestamps can tie. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxGatewayPayments.id),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The first 2xx answer; null while delivery is still being tried (or was given up). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_gateway_events_payment').on(table.paymentId, table.seq)],
);

/** Every attempt to deliver an event: the answer's HTTP status, or why there was none. */
export const sandboxGatewayAttempts = pgTable(
  'sandbox_gateway_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => sandboxGatewayEvents.eventId),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
  },
  (table) => [index('sandbox_gateway_attempts_event').on(table.eventId, table.id)],
);

export type SandboxGatewayPayment = typeof sandboxGatewayPayments.$inferSelect;
export type SandboxGatewayEvent = typeof sandboxGatewayEvents.$inferSelect;
export type SandboxGatewayAttempt = typeof sandboxGatewayAttempts.$inferSelect;
