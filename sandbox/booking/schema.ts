import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MealPlanName } from '@/server/booking/portal';

/** A product as a preview priced it and an order booked it: all amounts in minor units. */
export interface StoredProduct {
  id: string;
  room: number;
  roomName: string;
  adults: number;
  children: number[];
  meal: MealPlanName;
  /** EUR (the hotel's currency) and the booker's currency. */
  base: { eur: number; booker: number };
  total: { eur: number; booker: number };
  vat: { eur: number; booker: number };
  vatPercent: number;
  cityTax: { eur: number; booker: number };
  /** Absent when the rate is non-refundable. */
  freeCancellationUntil?: string;
  online: boolean;
  guests?: { name: string; email: string }[];
}

/**
 * Order tokens the simulated /orders/preview handed out: what was priced, so /orders/create
 * books exactly that, and so the price_surge hotel can count earlier previews of a stay.
 */
export const sandboxBookingPreviews = pgTable(
  'sandbox_booking_previews',
  {
    token: text('token').primaryKey(),
    hotelId: integer('hotel_id').notNull(),
    checkin: text('checkin').notNull(),
    checkout: text('checkout').notNull(),
    currency: text('currency').notNull(),
    products: jsonb('products').$type<StoredProduct[]>().notNull(),
    timings: jsonb('timings').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_booking_previews_stay').on(table.hotelId, table.checkin, table.checkout)],
);

/** Orders created in the simulator, as /orders/details and the operators' page show them. */
export const sandboxBookingOrders = pgTable(
  'sandbox_booking_orders',
  {
    id: text('id').primaryKey(),
    reservation: bigint('reservation', { mode: 'number' }).notNull(),
    pincode: text('pincode').notNull(),
    /** The affiliate's own reference (the site's order id); Booking.com does not keep it unique. */
    label: text('label'),
    hotelId: integer('hotel_id').notNull(),
    checkin: text('checkin').notNull(),
    checkout: text('checkout').notNull(),
    currency: text('currency').notNull(),
    timing: text('timing').notNull(),
    booker: jsonb('booker').$type<Record<string, unknown>>().notNull(),
    products: jsonb('products').$type<StoredProduct[]>().notNull(),
    remarks: text('remarks'),
    status: text('status').notNull().default('booked'),
    cancellationFeeEur: bigint('cancellation_fee_eur', { mode: 'number' }),
    cancellationFeeBooker: bigint('cancellation_fee_booker', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sandbox_booking_orders_reservation').on(table.reservation),
    index('sandbox_booking_orders_label').on(table.label),
    index('sandbox_booking_orders_created').on(table.createdAt),
  ],
);

export type StoredOrder = typeof sandboxBookingOrders.$inferSelect;
