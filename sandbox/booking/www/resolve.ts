import { addDays } from '../calendar';
import { HOTELS } from '../catalogue';
import type { Hotel } from '../catalogue-types';
import { stableHash } from '../hash';

/** A hotel the demo can book end to end: no staged fault, and some rate paid online. */
function bookable(hotel: Hotel): boolean {
  return !hotel.fault && hotel.rooms.some((room) => room.rates.some((rate) => rate.timings.some((timing) => timing !== 'pay_at_the_property')));
}

/**
 * The catalogue hotel behind any hotel page address: a known slug is its hotel; any other slug
 * maps by hash onto a bookable hotel of the same country (any bookable hotel when we have none
 * there), so every real Booking.com link a visitor pastes in demo mode can be booked and paid.
 */
export function hotelForPage(country: string, slug: string): Hotel {
  const known = HOTELS.find((hotel) => hotel.slug === slug && hotel.country === country) ?? HOTELS.find((hotel) => hotel.slug === slug);
  if (known) return known;
  const local = HOTELS.filter((hotel) => hotel.country === country && bookable(hotel));
  const pool = local.length > 0 ? local : HOTELS.filter(bookable);
  return pool[stableHash(`${country}/${slug}`) % pool.length]!;
}

export interface DemoStay {
  /** Days from today to check-in. */
  inDays: number;
  nights: number;
  adults: number;
  childrenAges: number[];
  rooms: number;
}

/** A hotel link's query the way Booking.com writes it (`age` once per child). */
export function stayQuery(today: string, stay: DemoStay): string {
  const checkin = addDays(today, stay.inDays);
  const parts = [
    `checkin=${checkin}`,
    `checkout=${addDays(checkin, stay.nights)}`,
    `group_adults=${stay.adults}`,
    `req_adults=${stay.adults}`,
    `group_children=${stay.childrenAges.length}`,
    `req_children=${stay.childrenAges.length}`,
    ...stay.childrenAges.map((age) => `age=${age}`),
    `no_rooms=${stay.rooms}`,
  ];
  return parts.join('&');
}

/** Fixed share codes for the demo: Share-<code> → a hotel page, with a stay or without one. */
export const SHARE_LINKS: Record<string, { slug: string; country: string; stay?: DemoStay }> = {
  SbxPrg1: { country: 'cz', slug: 'vltava-riverside-prague', stay: { inDays: 30, nights: 2, adults: 2, childrenAges: [], rooms: 1 } },
  SbxKrk1: { country: 'pl', slug: 'wawel-residence-krakow', stay: { inDays: 45, nights: 3, adults: 2, childrenAges: [7], rooms: 1 } },
  SbxBrno: { country: 'cz', slug: 'spilberk-garden-brno' },
};
