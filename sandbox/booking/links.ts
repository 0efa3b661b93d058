import type { Hotel } from './catalogue-types';

/** Where the simulator's pieces live, relative to the site. */
export const BOOKING_PREFIX = '/sandbox/booking';
export const DEMAND_API_PREFIX = `${BOOKING_PREFIX}/demand-api/3.1`;
export const WWW_PREFIX = `${BOOKING_PREFIX}/www`;
export const PHOTOS_PREFIX = `${BOOKING_PREFIX}/photos`;

/** The hotel's page on the real Booking.com: the address the API and the share links hand out. */
export function hotelPageUrl(hotel: Hotel, query = ''): string {
  return `https://www.booking.com/hotel/${hotel.country}/${hotel.slug}.html${query ? `?${query}` : ''}`;
}

/** A photo the simulator draws itself (an SVG with the hotel's name), at an absolute address. */
export function photoUrl(origin: string, hotel: Hotel, name: string, size: 'large' | 'standard' | 'thumbnail'): string {
  return `${origin}${PHOTOS_PREFIX}/${hotel.id}/${name}-${size}.svg`;
}

/** The Booking.com app's deep link for a hotel. */
export function deepLink(hotel: Hotel, query = ''): string {
  return `booking://hotel/${hotel.id}${query ? `?${query}` : ''}`;
}
