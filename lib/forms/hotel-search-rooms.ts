import type { ErrorCode } from '../error-codes';

/** How many people one unit (room) of a rate takes, as HotelAvailability answers it. */
export interface UnitOccupancy {
  adults: number;
  total: number;
  children: { total: number; fromAge: number; toAge: number }[];
}

/** Children under two sleep in a cot, so they take no bed (Booking.com's brackets start at 2). */
const COT_BELOW_AGE = 2;

/**
 * A quick check of the visitor's choice of rooms against the stay's guests, before asking the
 * server to price it: the catalogue code of the first problem, or undefined. It only counts beds;
 * the server seats the guests exactly (child brackets included) and may still refuse with one of
 * the same codes, which the page then shows the same way.
 */
export function roomChoiceProblem(guests: { adults: number; childrenAges: readonly number[] }, units: readonly UnitOccupancy[]): ErrorCode | undefined {
  if (units.length === 0) return 'no_products';
  if (guests.adults === 0) return 'zero_adults';
  if (guests.adults < units.length) return 'less_adults_than_products';
  const adultBeds = units.reduce((sum, unit) => sum + Math.min(unit.adults, unit.total), 0);
  if (guests.adults > adultBeds) return 'too_many_adults';
  const beds = units.reduce((sum, unit) => sum + unit.total, 0);
  const childrenInBeds = guests.childrenAges.filter((age) => age >= COT_BELOW_AGE).length;
  if (guests.adults + childrenInBeds > beds) return 'too_many_children';
  return undefined;
}

/** The chosen quantities per product as the preview wants them: an id repeated once per unit. */
export function productIdsOf(quantities: Readonly<Record<string, number>>): string[] {
  return Object.entries(quantities).flatMap(([id, n]) => Array.from({ length: n }, () => id));
}
