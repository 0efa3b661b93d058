import { z } from 'zod';
import { addDays, hotelToday, nightsOf } from '../calendar';

export const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'not a calendar date');
export const CURRENCY = z.string().regex(/^[A-Z]{3}$/);
export const BOOKER = z.object({
  country: z.string().regex(/^[a-z]{2}$/),
  platform: z.enum(['android', 'desktop', 'ios', 'mobile', 'tablet']),
  state: z.string().regex(/^[a-z]{2}$/).optional(),
  travel_purpose: z.enum(['business', 'leisure']).optional(),
  user_groups: z.array(z.literal('authenticated')).optional(),
});

/**
 * The date rules of the Demand API (check-in today or later and at most 500 days ahead, 1–90
 * nights), checked against the site's clock so tests that move time see the same answers.
 * Returns the problem in Booking.com's words, or undefined.
 */
export function stayProblem(checkin: string, checkout: string, now: Date): string | undefined {
  const today = hotelToday(now);
  if (checkin < today) return "Parameter 'checkin' must not be in the past.";
  if (checkin > addDays(today, 500)) return "Parameter 'checkin' must be at most 500 days in the future.";
  if (checkout <= checkin) return "Parameter 'checkout' must be after 'checkin'.";
  if (nightsOf(checkin, checkout).length > 90) return "Parameter 'checkout' must be at most 90 nights after 'checkin'.";
  return undefined;
}
