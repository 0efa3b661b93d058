import { z } from 'zod';
import { HOTELS } from '../catalogue';
import type { Hotel, Room } from '../catalogue-types';
import { deepLink, hotelPageUrl, photoUrl } from '../links';
import { invalid, ok } from './http';

const LANGUAGE = z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/);

const detailsRequest = z
  .object({
    accommodations: z.array(z.number().int().min(1)).max(100).optional(),
    city: z.number().int().optional(),
    country: z.string().regex(/^[a-z]{2}$/).optional(),
    extras: z.array(z.enum(['description', 'bundles', 'facilities', 'payment', 'photos', 'policies', 'rooms'])).optional(),
    languages: z.array(LANGUAGE).optional(),
    rows: z.number().int().min(10).max(1000).multipleOf(10).optional(),
    page: z.string().optional(),
  })
  .refine((body) => body.accommodations || body.city !== undefined || body.country || body.page, {
    message: 'one of accommodations, city, country or page is required',
    path: ['accommodations'],
  });

type Translated = Record<string, string>;

/** The simulator's texts are English; every asked language gets the same words (names are names). */
function translated(text: string, languages: string[]): Translated {
  return Object.fromEntries(['en-gb', ...languages].map((language) => [language, text]));
}

function photos(origin: string, hotel: Hotel, names: string[], tags: string[]) {
  return names.map((name, index) => ({
    main_photo: index === 0,
    tags,
    url: {
      large: photoUrl(origin, hotel, name, 'large'),
      standard: photoUrl(origin, hotel, name, 'standard'),
      thumbnail: photoUrl(origin, hotel, name, 'thumbnail'),
      thumbnail_large: photoUrl(origin, hotel, name, 'thumbnail'),
    },
  }));
}

function room(origin: string, hotel: Hotel, r: Room, languages: string[], withPhotos: boolean) {
  return {
    id: r.id,
    name: translated(r.name, languages),
    description: translated(`${r.name}, ${r.sizeM2} m², for up to ${r.total} guests.`, languages),
    room_type: r.adults >= 4 ? 13 : r.adults === 1 ? 4 : 9,
    size: r.sizeM2,
    attributes: ['non_smoking'],
    maximum_occupancy: { adults: r.adults, children: r.children?.total ?? 0, total_guests: r.total },
    bed_options: [{ is_bedroom: true, has_bathroom: true, bed_configurations: [{ id: `${r.id}-1`, configuration: [{ bed_type: r.adults === 1 ? 1 : 2, number_of_beds: Math.max(1, Math.ceil(r.adults / 2)) }] }] }],
    ...(withPhotos ? { photos: photos(origin, hotel, [`room-${r.id}`], ['bedroom']) } : {}),
  };
}

function details(origin: string, hotel: Hotel, extras: Set<string>, languages: string[]) {
  return {
    id: hotel.id,
    name: translated(hotel.name, languages),
    accommodation_type: 204,
    url: hotelPageUrl(hotel),
    deep_link_url: deepLink(hotel),
    currency: 'EUR',
    is_genius: hotel.genius,
    booker_address_required: false,
    number_of_rooms: hotel.rooms.reduce((sum, r) => sum + r.units, 0),
    checkin_checkout_times: { checkin_from: '14:00:00', checkin_to: '22:00:00', checkout_from: '07:00:00', checkout_to: '11:00:00' },
    contacts: { general: { email: hotel.email, telephone: hotel.telephone }, reservations: { email: hotel.email, telephone: hotel.telephone } },
    location: {
      address: translated(hotel.street, languages),
      // An id only, as in Booking.com's schema: its name comes from /common/locations/cities.
      city: hotel.cityId,
      country: hotel.country,
      postal_code: hotel.postalCode,
      coordinates: { latitude: hotel.latitude, longitude: hotel.longitude },
    },
    rating: { stars: hotel.stars, stars_type: 'official', review_score: hotel.reviewScore, number_of_reviews: hotel.reviews, preferred: hotel.genius },
    spoken_languages: hotel.languages,
    ...(extras.has('description') ? { description: { text: translated(hotel.description, languages), host_type: 'professional' } } : {}),
    ...(extras.has('photos') ? { photos: photos(origin, hotel, ['exterior', 'lobby', 'breakfast'], ['building']) } : {}),
    ...(extras.has('rooms') ? { rooms: hotel.rooms.map((r) => room(origin, hotel, r, languages, extras.has('photos'))) } : {}),
    ...(extras.has('payment')
      ? {
          payment: {
            timings: [...new Set(hotel.rooms.flatMap((r) => r.rates.flatMap((rate) => rate.timings)))].sort(),
            methods: { cards: hotel.cardsAtProperty, cash: true },
            cvc_required: true,
            amex_cvc_required: hotel.cardsAtProperty.includes(1),
            domestic_no_cc: false,
          },
        }
      : {}),
    ...(extras.has('policies')
      ? { policies: { minimum_checkin_age: 18, minimum_guest_age: 0, pets: { allowed: 'upon_request', charge_mode: 'charges_may_apply' } } }
      : {}),
  };
}

/** POST /accommodations/details: static content of the catalogue's hotels (no prices). */
export function accommodationDetails(body: unknown, origin: string): Response {
  const parsed = detailsRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const { accommodations, city, country, extras = [], languages = [] } = parsed.data;
  const chosen = HOTELS.filter(
    (hotel) =>
      (!accommodations || accommodations.includes(hotel.id)) && (city === undefined || hotel.cityId === city) && (!country || hotel.country === country),
  );
  const wanted = new Set<string>(extras);
  return ok({ data: chosen.map((hotel) => details(origin, hotel, wanted, languages)), next_page: null });
}
