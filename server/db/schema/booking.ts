import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  StoredAllocation,
  StoredAvailabilityJson,
  StoredHotel,
  StoredOffer,
  StoredPortalPreview,
  StoredPreviewOptions,
  StoredStay,
} from '../stored/booking';

/**
 * Booking.com's availability answers, kept for a few minutes under an id the next steps refer to
 * (and shared by every replica, so a reload on another one finds it).
 */
export const availabilityCache = pgTable(
  'availability_cache',
  {
    id: uuid('id').primaryKey(),
    /** Hotel, stay, currency and language: identical questions share an answer. */
    cacheKey: text('cache_key').notNull(),
    site: text('site').notNull(),
    language: text('language').notNull(),
    hotelId: text('hotel_id').notNull(),
    stay: jsonb('stay').$type<StoredStay>().notNull(),
    currency: text('currency').notNull(),
    hotel: jsonb('hotel').$type<StoredHotel>().notNull(),
    availability: jsonb('availability').$type<StoredAvailabilityJson>().notNull(),
    /** Rates a later preview found Booking.com will not take our card for. */
    cardless: jsonb('cardless').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('availability_cache_key').on(t.cacheKey, t.expiresAt)],
);

export type PreviewOptions = StoredPreviewOptions;

/**
 * A priced choice of rooms: Booking.com's preview (with its order token) and what we add, valid
 * until the token expires. HotelOrderCreate consumes it.
 */
export const previews = pgTable('previews', {
  id: uuid('id').primaryKey(),
  availabilityId: uuid('availability_id').notNull(),
  site: text('site').notNull(),
  language: text('language').notNull(),
  hotelId: text('hotel_id').notNull(),
  hotel: jsonb('hotel').$type<StoredHotel>().notNull(),
  stay: jsonb('stay').$type<StoredStay>().notNull(),
  currency: text('currency').notNull(),
  /** One entry per unit (a product id repeated = several rooms of that rate). */
  productIds: jsonb('product_ids').$type<string[]>().notNull(),
  /** The guests seated in each unit, in the order of product_ids (asked again the same way). */
  allocation: jsonb('allocation').$type<StoredAllocation>().notNull(),
  options: jsonb('options').$type<StoredPreviewOptions>().notNull(),
  /** The chosen rates as the availability showed them (public price and deals, occupancy). */
  offers: jsonb('offers').$type<StoredOffer[]>().notNull(),
  portal: jsonb('portal').$type<StoredPortalPreview>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
});
