import { randomInt } from 'node:crypto';
import { PORTS } from '../../../playwright.config';
import { type Env, raw } from './sites';

/**
 * Hotels of the Booking.com simulator's catalogue (sandbox/booking/catalogue.ts): ordinary ones
 * with refundable rates, and Hotel Motława, whose price rises with every further preview.
 */
export const HOTELS = { cz: '1120301', pl: '2230104', pluxee: '1120415', priceRise: '2230321' } as const;

export const VARIANTS = {
  cz: { host: 'localhost', productVariant: { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' } },
  pl: { host: 'pl.localhost', productVariant: { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' } },
  pluxee: { host: 'pluxee.localhost', productVariant: { product: 'PRODUCT_DZB_WL_PLUXEE_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' } },
} as const;

export type Variant = keyof typeof VARIANTS;

/** One API call as a page of the site makes it (Connect JSON). */
export async function call<T>(variant: Variant, method: string, body: object, env: Env = 'test'): Promise<T> {
  const res = await raw(`/api/dzb.v1.ApiService/${method}`, {
    host: `${VARIANTS[variant].host}:${PORTS[env]}`,
    env,
    method: 'POST',
    // Connect asks state-changing calls to name the protocol version (CSRF protection).
    headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
    body: JSON.stringify({ productVariant: VARIANTS[variant].productVariant, ...body }),
  });
  if (res.status !== 200) throw new Error(`${method} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body) as T;
}

/** The customer of an order made through the API (HotelOrderCreate, VoucherOrderCreate). */
export const customer = (email: string) => ({
  firstName: 'Tereza',
  lastName: 'Malá',
  email,
  mobile: '+420 777 123 456',
  contactAddress: { streetAddress: 'Husova 5', city: 'Olomouc', country: 'CZ', postalCode: '779 00' },
  agreeCp: true,
  agreeTac: true,
  agreeMp: false,
});

interface Availability {
  availabilityId: { id: string };
  hotelAvailability: {
    rooms: { products: { productId: { id: string }; freeCancellationUntil?: string; orderability?: { isAvailable?: boolean } }[] }[];
  };
}

/** A calendar date `days` after `from` (YYYY-MM-DD), as the API takes it. */
export function addDays(from: string, days: number): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar date `days` from today (UTC). */
export function inDays(days: number): string {
  return addDays(new Date().toISOString().slice(0, 10), days);
}

/**
 * A priced preview of refundable rooms (a month or more ahead unless `checkIn` is given), as the
 * order page's first step leaves it; its id opens the reservation page.
 */
export async function preview(
  variant: Variant,
  options: { rooms?: number; hotel?: string; checkIn?: string; nights?: number; env?: Env } = {},
): Promise<string> {
  const { rooms = 1, hotel = HOTELS[variant], checkIn = inDays(30 + randomInt(60)), nights = 2, env = 'test' } = options;
  const checkOut = addDays(checkIn, nights);
  const availability = await call<Availability>(
    variant,
    'HotelAvailability',
    { bySpecification: { hotelRequest: { hotelId: { id: hotel }, checkIn, checkOut, rooms, adults: 2 } } },
    env,
  );
  const products = availability.hotelAvailability.rooms.flatMap((room) => room.products).filter((p) => p.orderability?.isAvailable);
  const refundable = products.find((p) => p.freeCancellationUntil) ?? products[0];
  if (!refundable) throw new Error(`hotel ${hotel} offers nothing orderable`);
  const answer = await call<{ previewId: { id: string } }>(
    variant,
    'HotelOrderPreview',
    {
      bySpecification: { availabilityId: availability.availabilityId, productIds: Array.from({ length: rooms }, () => refundable.productId) },
      paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
    },
    env,
  );
  return answer.previewId.id;
}
