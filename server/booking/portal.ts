import type { Stay } from './stay';

/** Booking.com as our domain sees it; the Demand API adapter (demand-api/portal.ts) implements it. */
export type MealPlanName = 'no_plan' | 'breakfast_included' | 'half_board' | 'full_board' | 'all_inclusive';
export type DealTag = 'black_friday' | 'limited_time_deal' | 'logged_in_deal' | 'mobile_rate' | 'seasonal_deal' | 'genius';
export type Timing = 'pay_online_now' | 'pay_online_later' | 'pay_at_the_property';

export interface Photo {
  standard: string;
  large: string;
}

export interface HotelInfo {
  id: string;
  name: string;
  url: string;
  address: { street: string; city: string; country: string; postalCode: string };
  coordinates: { latitude: number; longitude: number };
  rating: { stars: number; reviewScore: number; reviews: number };
  /** The main photo first. */
  photos: Photo[];
  genius: boolean;
  /** The property takes cards at the desk (a card guarantee can pay a pay-at-the-property rate). */
  cardsAtProperty: boolean;
  rooms: Record<string, { name: string; photos: Photo[] }>;
}

export interface Charge {
  /** Booking.com's English name of the type (for logs; pages name `type`). */
  name: string;
  /** Booking.com's charge type id (lib/charges.ts); absent when it gave none. */
  type?: number;
  /** Share of the base price in basis points, 0 for a fixed amount. */
  percentageBasisPoints: number;
  amount: number;
  /** true: paid with the order; false: paid at the property. */
  online: boolean;
}

export interface ProductOffer {
  id: string;
  roomId: string;
  unitsAvailable: number;
  /** Absent: non-refundable. */
  freeCancellationUntil?: Date;
  /** Minor units in the asked currency, for the whole stay of one unit. */
  price: { publicPrice: number; book: number; total: number; chargeableOnline: number | null };
  deals: DealTag[];
  mealPlan: { plan: MealPlanName; meals: ('breakfast' | 'lunch' | 'dinner')[] };
  occupancy: { adults: number; total: number; children: { total: number; fromAge: number; toAge: number }[] };
  charges: Charge[];
  timings: Timing[];
}

export interface Availability {
  requestId: string;
  at: Date;
  currency: string;
  offers: ProductOffer[];
}

export interface PreviewProductInput {
  id: string;
  adults: number;
  children: number[];
}

export interface PortalPreview {
  requestId: string;
  token: string;
  currency: string;
  products: {
    id: string;
    roomId: string;
    price: { base: number; total: number; chargeableOnline: number };
    charges: Charge[];
    mealPlan: ProductOffer['mealPlan'];
    /** Fee from each instant on ('now' first); the free-cancellation deadline is where it rises. */
    cancellation: { from: Date | 'now'; fee: number }[];
    occupancyMismatch: boolean;
  }[];
  price: { base: number; total: number; chargeableOnline: number };
  /** The payment timings Booking.com offers for this order, and whether a card pays them. */
  timings: Partial<Record<Timing, { cards: boolean }>>;
}

export interface Booker {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  country: string;
  city?: string;
  postCode?: string;
  addressLine?: string;
  language: string;
}

export interface BookingInput {
  token: string;
  /** Our order id: the way to find the booking again after a timeout. */
  label: string;
  booker: Booker;
  products: { id: string; guests: { name: string; email: string }[] }[];
  timing: Timing;
  remarks?: string;
}

export interface PortalBooking {
  orderId: string;
  reservation: string;
  pincode: string;
}

export type PortalOrderStatus = 'booked' | 'cancelled' | 'cancelled_by_accommodation' | 'cancelled_by_guest' | 'no_show' | 'stayed';

export interface BookingPortal {
  hotel(hotelId: string, language: string): Promise<HotelInfo>;
  /** `bookerCountry`: the ISO 3166 code of the asking site's market; Booking.com prices for it. */
  availability(hotelId: string, stay: Required<Stay>, currency: string, bookerCountry: string): Promise<Availability>;
  preview(input: { hotelId: string; checkIn: string; checkOut: string; products: PreviewProductInput[]; currency: string; bookerCountry: string }): Promise<PortalPreview>;
  /** Never retried: the caller looks the order up by its label when the outcome is unknown. */
  book(input: BookingInput): Promise<PortalBooking>;
  findByLabel(label: string, createdBetween: { from: Date; to: Date }, currency: string): Promise<(PortalBooking & { status: PortalOrderStatus }) | undefined>;
  cancel(orderId: string, reason: string): Promise<'successful' | 'failed'>;
}
