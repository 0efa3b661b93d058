import { z } from 'zod';
import { daysBetween } from '../prague-time';
import { STAY_BOUNDS } from './stay-bounds';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const count = (min: number, max: number, code: string) => z.coerce.number(code).int(code).min(min, code).max(max, code);

/**
 * The stay form of the order page: dates, rooms, adults and one age per child. Error messages
 * are catalogue codes (shown as `errors.<code>`) or `dateRequired` for an empty date, so the
 * browser and the server name a problem with the same words.
 */
export function hotelSearchSchema(today: string) {
  return z
    .object({
      checkIn: z.string().regex(DATE, 'dateRequired'),
      checkOut: z.string().regex(DATE, 'dateRequired'),
      rooms: count(1, STAY_BOUNDS.maxRooms, 'invalid_rooms'),
      adults: count(1, STAY_BOUNDS.maxAdults, 'invalid_adults_count'),
      childrenAges: z
        .array(z.union([z.literal(''), count(0, STAY_BOUNDS.maxChildAge, 'invalid_child_age')]))
        .max(STAY_BOUNDS.maxChildren, 'invalid_children_count'),
    })
    .superRefine((stay, ctx) => {
      const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      // The date formats are checked above; these run on well-formed dates only.
      if (stay.checkIn < today) problem('checkIn', 'checkin_in_past');
      else if (daysBetween(today, stay.checkIn) > STAY_BOUNDS.maxDaysAhead) problem('checkIn', 'checkin_too_far');
      const nights = daysBetween(stay.checkIn, stay.checkOut);
      if (nights <= 0) problem('checkOut', 'checkout_before_checkin');
      else if (nights > STAY_BOUNDS.maxNights) problem('checkOut', 'stay_too_long');
      if (stay.adults < stay.rooms) problem('adults', 'invalid_adults_count');
      stay.childrenAges.forEach((age, index) => {
        if (age === '') ctx.addIssue({ code: 'custom', path: ['childrenAges', index], message: 'missing_child_age' });
      });
    })
    .transform((stay) => ({ ...stay, childrenAges: stay.childrenAges.filter((age): age is number => age !== '') }));
}

export type HotelSearchInput = z.input<ReturnType<typeof hotelSearchSchema>>;
export type HotelSearch = z.output<ReturnType<typeof hotelSearchSchema>>;
