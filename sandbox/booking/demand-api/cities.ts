import { z } from 'zod';
import { HOTELS } from '../catalogue';
import { invalid, ok } from './http';

const LANGUAGE = z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/);

const citiesRequest = z
  .object({
    airport: z.string().regex(/^[A-Z]{3}$/).optional(),
    city: z.number().int().optional(),
    country: z.string().regex(/^[a-z]{2}$/).optional(),
    district: z.number().int().min(1).optional(),
    landmark: z.number().int().min(1).optional(),
    languages: z.array(LANGUAGE).optional(),
    page: z.string().optional(),
    region: z.number().int().min(1).optional(),
    rows: z.number().int().min(10).max(1000).multipleOf(10).optional(),
  })
  .strict();

/**
 * /common/locations/cities: the cities of the catalogue's hotels, by id or country. Booking.com
 * names places in the languages asked for; the simulator's names are the same in every language.
 */
export function commonCities(body: unknown): Response {
  const parsed = citiesRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const { city, country, languages = ['en-gb'] } = parsed.data;
  const seen = new Map<number, { id: number; name: Record<string, string>; coordinates: { latitude: number; longitude: number } }>();
  for (const hotel of HOTELS) {
    if (seen.has(hotel.cityId) || (city !== undefined && hotel.cityId !== city) || (country && hotel.country !== country)) continue;
    seen.set(hotel.cityId, {
      id: hotel.cityId,
      name: Object.fromEntries(['en-gb', ...languages].map((language) => [language, hotel.city])),
      coordinates: { latitude: hotel.latitude, longitude: hotel.longitude },
    });
  }
  return ok({ data: [...seen.values()], next_page: null });
}
