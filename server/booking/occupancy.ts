import type { ErrorCode } from '@/lib/error-codes';
import { DomainError } from '../errors';
import type { ProductOffer } from './portal';

type Occupancy = ProductOffer['occupancy'];

/** Babies sleep in a cot: Booking.com's child brackets start at 2, so younger children need no bed. */
const INFANT_BELOW = 2;

export interface Guests {
  adults: number;
  childrenAges: readonly number[];
}

export interface UnitAllocation {
  adults: number;
  children: number[];
}

/** The allocation Booking.com's preview asks for; throws the catalogue error of why the guests do not fit. */
export function allocateGuests(guests: Guests, units: readonly Occupancy[]): UnitAllocation[] {
  const seated = seatGuests(guests, units);
  if (typeof seated === 'string') throw new DomainError(seated);
  return seated;
}

/** Whether the stay's guests fit `rooms` units of one rate (the availability's fits_occupancy). */
export function fitsOccupancy(occupancy: Occupancy, guests: Guests, rooms: number): boolean {
  if (rooms < 1 || guests.adults < rooms) return false;
  // Asked for every rate of every availability answer: a code, not a thrown error, says no.
  return typeof seatGuests(guests, Array.from({ length: rooms }, () => occupancy)) !== 'string';
}

/**
 * Seats the guests in the chosen units (one occupancy per unit): every unit gets at least one
 * adult, the remaining adults go where there is room, then each child, oldest first, takes a bed
 * in a child bracket that covers their age or, failing that, an adult bed. Answers the allocation
 * Booking.com's preview asks for, or the catalogue code that says why the guests do not fit.
 */
function seatGuests(guests: Guests, units: readonly Occupancy[]): UnitAllocation[] | ErrorCode {
  if (!Number.isInteger(guests.adults) || guests.adults < 0) return 'invalid_adults_number';
  if (guests.childrenAges.some((age) => !Number.isInteger(age) || age < 0 || age > 17) || guests.childrenAges.length > 10) {
    return 'invalid_children_number';
  }
  if (units.length === 0) return 'no_products';
  if (guests.adults === 0) return 'zero_adults';
  if (guests.adults < units.length) return 'less_adults_than_products';
  const seats = units.map((occupancy) => ({ occupancy, adults: 1, children: [] as number[], bracketUse: occupancy.children.map(() => 0) }));
  if (seats.some((s) => s.occupancy.adults < 1 || s.occupancy.total < 1)) return 'too_many_adults';

  for (let left = guests.adults - units.length; left > 0; left--) {
    const roomiest = seats
      .filter((s) => s.adults < s.occupancy.adults && beds(s) < s.occupancy.total)
      .sort((a, b) => b.occupancy.adults - b.adults - (a.occupancy.adults - a.adults))[0];
    if (!roomiest) return 'too_many_adults';
    roomiest.adults += 1;
  }

  for (const age of [...guests.childrenAges].sort((a, b) => b - a)) {
    if (age < INFANT_BELOW) {
      const unit = seats.slice().sort((a, b) => a.children.length - b.children.length)[0];
      unit?.children.push(age);
      continue;
    }
    const inBracket = seats.find((s) => s.occupancy.children.some((bracket, i) => fits(bracket, age) && s.bracketUse[i]! < bracket.total) && beds(s) < s.occupancy.total);
    if (inBracket) {
      const index = inBracket.occupancy.children.findIndex((bracket, i) => fits(bracket, age) && inBracket.bracketUse[i]! < bracket.total);
      inBracket.bracketUse[index]! += 1;
      inBracket.children.push(age);
      continue;
    }
    // Without a bracket for their age a child takes an adult's bed, as hotels count them.
    const asAdult = seats.find((s) => s.adults + adultBedsTakenByChildren(s) < s.occupancy.adults && beds(s) < s.occupancy.total);
    if (!asAdult) return 'too_many_children';
    asAdult.children.push(age);
  }
  return seats.map((s) => ({ adults: s.adults, children: s.children }));
}

function fits(bracket: Occupancy['children'][number], age: number): boolean {
  return age >= bracket.fromAge && age <= bracket.toAge;
}

function beds(seat: { adults: number; children: number[] }): number {
  return seat.adults + seat.children.filter((age) => age >= INFANT_BELOW).length;
}

function adultBedsTakenByChildren(seat: { occupancy: Occupancy; children: number[]; bracketUse: number[] }): number {
  const inBrackets = seat.bracketUse.reduce((sum, n) => sum + n, 0);
  return seat.children.filter((age) => age >= INFANT_BELOW).length - inBrackets;
}
