import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  StoredAllocation,
  StoredCancellationSchedule,
  StoredOrderHotel,
  StoredPreviewOptions,
  StoredPricedProduct,
  StoredStay,
} from '../stored/booking';
import { orders, type PersonRecord } from './orders';

export const BOOKING_STATUSES = ['NOT_ORDERED', 'PENDING', 'ACTIVE', 'CANCELLED', 'COMPLETED', 'ERROR'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Why a paid order could not be booked (the catalogue code the visitor is shown). */
export type BookingFailure = 'higher_price_error' | 'accommodation_unavailable' | 'booking_failed';

export type CancellationSchedule = StoredCancellationSchedule;
export type Timing = 'pay_online_now' | 'pay_online_later' | 'pay_at_the_property';

/**
 * A hotel order's own fields: the stay as previewed and paid, and the reservation at Booking.com
 * as the booking saga records it. The order id is fresh and random (a preview's id is shown in
 * addresses before anything is paid, so it must never open the order); the preview it came from
 * is unique, so one preview places at most one order.
 */
export const hotelOrders = pgTable(
  'hotel_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    previewId: uuid('preview_id').notNull(),
    hotelId: text('hotel_id').notNull(),
    hotel: jsonb('hotel').$type<StoredOrderHotel>().notNull(),
    stay: jsonb('stay').$type<StoredStay>().notNull(),
    productIds: jsonb('product_ids').$type<string[]>().notNull(),
    allocation: jsonb('allocation').$type<StoredAllocation>().notNull(),
    products: jsonb('products').$type<StoredPricedProduct[]>().notNull(),
    /** Per unit, in the order of product_ids. */
    cancellation: jsonb('cancellation').$type<StoredCancellationSchedule[]>().notNull(),
    options: jsonb('options').$type<StoredPreviewOptions>().notNull(),
    /** What we pay Booking.com for the rooms: the ceiling the booking saga accepts. */
    roomsPrice: bigint('rooms_price', { mode: 'number' }).notNull(),
    payOnSite: bigint('pay_on_site', { mode: 'number' }).notNull(),
    insurance: bigint('insurance', { mode: 'number' }).notNull(),
    timing: text('timing').$type<Timing>().notNull(),
    freeCancellationUntil: timestamp('free_cancellation_until', { withTimezone: true }),
    guest: jsonb('guest').$type<PersonRecord>(),
    noteForHotel: text('note_for_hotel'),
    bookingStatus: text('booking_status', { enum: BOOKING_STATUSES }).notNull(),
    /** Set before orders/create is sent: from then on the outcome is looked up by label first. */
    bookingAttemptedAt: timestamp('booking_attempted_at', { withTimezone: true }),
    bookingFailure: text('booking_failure').$type<BookingFailure>(),
    /** What Booking.com asked for the rooms when the booking stopped at a higher price (minor units). */
    bookingPriceSeen: bigint('booking_price_seen', { mode: 'number' }),
    portalOrderId: text('portal_order_id'),
    reservation: text('reservation'),
    pincode: text('pincode'),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** Claimed by the one cancellation that goes ahead; a second finds it taken. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancellationFee: bigint('cancellation_fee', { mode: 'number' }),
    /** Finance waived the fee for the customer (console): the saga, and its retries, keep none from the voucher. */
    cancellationFeeWaived: boolean('cancellation_fee_waived').notNull().default(false),
    /** When Booking.com last refused to cancel (the claim was then given up and the booking stays). */
    cancelRefusedAt: timestamp('cancel_refused_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('hotel_orders_booking_status').on(t.bookingStatus), uniqueIndex('hotel_orders_preview').on(t.previewId)],
);
