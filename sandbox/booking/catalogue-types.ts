import type { MealPlanName, Timing } from '@/server/booking/portal';

/** A rate plan of a room: one Demand API product per room and rate. */
export interface Rate {
  /** The rate id inside the product id (`{room}_{rate}_…`). */
  id: number;
  /** Days before check-in until which cancelling is free; absent = non-refundable. */
  freeCancellationDays?: number;
  meal: MealPlanName;
  timings: Timing[];
  /** Price change against the room's base, in basis points (-1200 = 12 % cheaper). */
  adjustmentBp: number;
  deal?: { tags: ('limited_time_deal' | 'mobile_rate' | 'seasonal_deal' | 'logged_in_deal' | 'black_friday')[]; percent: number };
}

export interface Room {
  /** Booking.com's habit: hotel id × 100 + a running number. */
  id: number;
  name: string;
  sizeM2: number;
  adults: number;
  /** Beds in all, children included. */
  total: number;
  /** Children in their own beds, with the ages the bracket covers; none = children take adult beds. */
  children?: { total: number; fromAge: number; toAge: number };
  /** One night of one unit in EUR cents before season, weekend and rate adjustments. */
  nightEurCents: number;
  /** Units the hotel sells of this room per night (before the deterministic daily variation). */
  units: number;
  rates: Rate[];
}

/**
 * The faults a hotel can be asked to show:
 * - price_surge: every preview of the same stay after the first costs 10 % more than the last;
 * - create_fails: orders/create always refuses (the site must refund);
 * - slow: availability answers after 3 seconds;
 * - sold_out_weekends: Friday and Saturday nights have no rooms left;
 * - cancel_refused: orders/cancel of a booked order always answers `failed`, as Booking.com does
 *   when the property will not let a reservation go (the booking stands; the site must not take
 *   it for cancelled).
 */
export type Fault = 'price_surge' | 'create_fails' | 'slow' | 'sold_out_weekends' | 'cancel_refused';

export interface Hotel {
  id: number;
  /** The page slug on www.booking.com: /hotel/{country}/{slug}.html */
  slug: string;
  country: 'cz' | 'pl' | 'at' | 'hr';
  name: string;
  city: string;
  /** Booking.com's city id (ufi), negative as theirs are. */
  cityId: number;
  street: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  stars: number;
  reviewScore: number;
  reviews: number;
  genius: boolean;
  /** Card types (Booking.com card ids) the desk takes; empty = cash only at the property. */
  cardsAtProperty: number[];
  /** City or tourist tax per adult per night, paid at the property, EUR cents; 0 = none. */
  cityTaxEurCents: number;
  /** VAT included in the price, percent. */
  vatPercent: number;
  /** Mountain hotels are dearer in the ski season, seaside ones in summer. */
  season: 'city' | 'ski' | 'summer';
  languages: string[];
  description: string;
  email: string;
  telephone: string;
  fault?: Fault;
  rooms: Room[];
}
