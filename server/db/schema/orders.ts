import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ORDER_STATUSES = [
  'WAITING',
  'PAID',
  'PARTIALLY_PAID',
  'CANCELLED_BY_USER',
  'CANCELLED_DUPLICATE',
  'CANCELLED_REFUND',
  'CANCELLED_AUTOMATICALLY',
  'REFUNDED_AUTOMATICALLY',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The orderer as the order form collected them (spec section 3). */
export interface CustomerRecord {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  contactAddress: AddressRecord;
  billingAddress?: AddressRecord;
  marketingConsent: boolean;
}

export interface AddressRecord {
  streetAddress: string;
  city: string;
  country: string;
  postalCode: string;
  companyId?: string;
  companyTaxId?: string;
}

export interface PersonRecord {
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string;
  address?: AddressRecord;
}

/**
 * Every order, of either kind. The id (random UUID) is the only key in the e-mailed links; the
 * number (year + 6 digits, sequential) is what people and bank statements see.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['hotel', 'voucher'] }).notNull(),
    number: text('number').notNull().unique(),
    site: text('site').notNull(),
    language: text('language').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    currency: text('currency').notNull(),
    /** What the customer pays in all: the order value plus fees (minor units). */
    total: bigint('total', { mode: 'number' }).notNull(),
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    customer: jsonb('customer').$type<CustomerRecord>().notNull(),
    /** Unpaid by then, the order is cancelled and what was held or paid goes back. */
    payBy: timestamp('pay_by', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Moves on every change of the order or of anything its pages show (its stay or purchase, its
     * payments, the vouchers it issued and their ledger), by triggers (drizzle/0019_order_versions.sql),
     * so a status poll that already has this version is answered without reading the order.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    index('orders_status_pay_by').on(t.status, t.payBy),
    check('orders_amounts', sql`${t.total} >= 0 AND ${t.serviceFee} >= 0 AND ${t.bonus} >= 0`),
  ],
);

/** Every status change of an order, written with the change. */
export const orderEvents = pgTable('order_events', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The last order number given out per year: numbers are year + a 6-digit counter. */
export const orderNumbers = pgTable('order_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A voucher purchase's own fields. */
export const voucherOrders = pgTable('voucher_orders', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  voucherValue: bigint('voucher_value', { mode: 'number' }).notNull(),
  /** The gift recipient, for support only; they are not notified. */
  presentFor: jsonb('present_for').$type<PersonRecord>(),
  purchasedAsGift: boolean('purchased_as_gift').notNull(),
  /** Months the voucher will be valid (12, or 6 when paid through the Edenred flow). */
  validityMonths: integer('validity_months').notNull(),
});
