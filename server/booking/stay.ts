import { daysBetween, isCalendarDate, pragueToday } from '@/lib/prague-time';
import { DomainError } from '../errors';

/** The stay a visitor asks for; dates are calendar dates (YYYY-MM-DD) in the hotel's sense. */
export interface Stay {
  checkIn?: string;
  checkOut?: string;
  rooms: number;
  adults: number;
  childrenAges: number[];
}

export const STAY_LIMITS = { maxNights: 90, maxDaysAhead: 500, maxChildren: 10, maxRooms: 30, maxAdults: 30 } as const;

/**
 * Checks a stay against the rules every step shares: dates not in the past, check-out after
 * check-in, at most 90 nights and 500 days ahead, people within bounds, one age (0–17) per child.
 * `requireDates`: availability needs them; a parsed link may come without.
 */
export function validateStay(stay: Stay, now: Date, { requireDates }: { requireDates: boolean }): void {
  const today = pragueToday(now);
  if (stay.checkIn !== undefined && !isCalendarDate(stay.checkIn)) throw new DomainError('invalid_checkin');
  if (stay.checkOut !== undefined && !isCalendarDate(stay.checkOut)) throw new DomainError('invalid_checkout');
  if (requireDates && !stay.checkIn) throw new DomainError('invalid_checkin');
  if (requireDates && !stay.checkOut) throw new DomainError('invalid_checkout');
  if (stay.checkIn && stay.checkIn < today) throw new DomainError('checkin_in_past');
  if (stay.checkOut && stay.checkOut < today) throw new DomainError('checkout_in_past');
  if (stay.checkIn && stay.checkOut) {
    const nights = daysBetween(stay.checkIn, stay.checkOut);
    if (nights <= 0) throw new DomainError('checkout_before_checkin');
    if (nights > STAY_LIMITS.maxNights) throw new DomainError('stay_too_long');
  }
  if (stay.checkIn && daysBetween(today, stay.checkIn) > STAY_LIMITS.maxDaysAhead) throw new DomainError('checkin_too_far');
  if (!Number.isInteger(stay.rooms) || stay.rooms < 1 || stay.rooms > STAY_LIMITS.maxRooms) throw new DomainError('invalid_rooms');
  if (!Number.isInteger(stay.adults) || stay.adults < 1 || stay.adults > STAY_LIMITS.maxAdults) throw new DomainError('invalid_adults_count');
  if (stay.adults < stay.rooms) throw new DomainError('invalid_adults_count');
  if (stay.childrenAges.length > STAY_LIMITS.maxChildren) throw new DomainError('invalid_children_count');
  for (const age of stay.childrenAges) {
    if (!Number.isInteger(age) || age < 0 || age > 17) throw new DomainError('invalid_child_age');
  }
}
