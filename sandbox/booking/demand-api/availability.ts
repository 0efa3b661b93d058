import { z } from 'zod';
import type { SandboxDb } from '../../db/database';
import { hotelById } from '../catalogue';
import { deepLink, hotelPageUrl } from '../links';
import { decimal, isCurrency } from '../money';
import { isOnline, type Offer, offersFor } from '../offers';
import { bookedUnits } from '../store';
import { failure, invalid, ok } from './http';
import { BOOKER, CURRENCY, DATE, stayProblem } from './stay-rules';
import { mealPlanOf } from '../meals';

const availabilityRequest = z.object({
  accommodation: z.number().int().min(1),
  booker: BOOKER,
  checkin: DATE,
  checkout: DATE,
  currency: CURRENCY.optional(),
  extras: z.array(z.enum(['extra_charges', 'include_bundle_variants'])).optional(),
  guests: z.object({
    number_of_adults: z.number().int().min(1),
    number_of_rooms: z.number().int().min(1),
    children: z.array(z.number().int().min(0).max(17)).optional(),
    allocation: z.array(z.object({ number_of_adults: z.number().int().min(1), children: z.array(z.number().int().min(0).max(17)).optional() })).optional(),
  }),
  payment: z.object({ timing: z.enum(['pay_at_the_property', 'pay_online']) }).optional(),
  products: z.array(z.string()).optional(),
});

/** The availability product of an offer, in the 3.1 shape (plain decimal prices). */
export function availabilityProduct(offer: Offer, withCharges: boolean) {
  const { price } = offer;
  const online = isOnline(offer);
  const book = price.book.booker;
  const refundable = offer.freeCancellationUntil !== undefined;
  return {
    id: offer.id,
    room: offer.room.id,
    deal: offer.rate.deal
      ? { discount_percentage: offer.rate.deal.percent, public_price: decimal(price.publicPrice.booker), tags: offer.rate.deal.tags }
      : null,
    inventory: { third_party: false, type: 'sell' },
    third_party_inventory: false,
    maximum_occupancy: {
      adults: offer.room.adults,
      total: offer.room.total,
      ...(offer.room.children
        ? { children: [{ total: offer.room.children.total, from_age: offer.room.children.fromAge, to_age: offer.room.children.toAge, free_stay: false }] }
        : {}),
    },
    number_available_at_this_price: price.unitsAvailable,
    policies: {
      cancellation: {
        type: refundable ? 'free_cancellation' : 'non_refundable',
        free_cancellation_until: refundable ? offer.freeCancellationUntil!.toISOString() : null,
        schedule: refundable
          ? [{ from: 'now', price: 0 }, { from: offer.freeCancellationUntil!.toISOString(), price: decimal(book) }]
          : [{ from: 'now', price: decimal(book) }],
      },
      meal_plan: mealPlanOf(offer.rate.meal),
      payment: { prepayment_required: !offer.timings.includes('pay_at_the_property') && !offer.timings.includes('pay_online_later'), timings: offer.timings },
    },
    price: {
      book: decimal(book),
      total: decimal(book + price.cityTax.booker),
      // Only what Booking.com itself charges online; a rate paid at the desk has none.
      ...(online ? { chargeable_online: decimal(book) } : {}),
      ...(withCharges
        ? {
            base: decimal(book - price.vat.booker),
            extra_charges: {
              included: [{ charge: 21, chargeable_online: online, mode: 'percentage', percentage: offer.hotel.vatPercent, total_amount: decimal(price.vat.booker) }],
              excluded:
                price.cityTax.booker > 0
                  ? [{ charge: 142, chargeable_online: false, mode: 'per_person_per_night', total_amount: decimal(price.cityTax.booker), unit_amount: decimal(price.cityTaxPerNight.booker) }]
                  : [],
              conditional: [],
            },
          }
        : {}),
    },
  };
}

/** Booking.com's suggested set: the cheapest product that seats the guests of one room, once per room. */
function recommendation(offers: Offer[], rooms: number, adults: number, children: number[]) {
  const perRoom = Math.ceil(adults / rooms);
  const childrenPerRoom = Math.ceil(children.length / rooms);
  const best = offers
    .filter((o) => o.price.unitsAvailable >= rooms && o.room.adults >= perRoom && o.room.total >= perRoom + childrenPerRoom)
    .sort((a, b) => a.price.book.booker - b.price.book.booker)[0];
  if (!best) return undefined;
  const unit = { book: best.price.book.booker, vat: best.price.vat.booker, tax: best.price.cityTax.booker };
  const priceOf = (n: number) => ({
    base: decimal(n * (unit.book - unit.vat)),
    book: decimal(n * unit.book),
    ...(isOnline(best) ? { chargeable_online: decimal(n * unit.book) } : {}),
    total: decimal(n * (unit.book + unit.tax)),
    extra_charges: { included: decimal(n * unit.vat), excluded: decimal(n * unit.tax) },
  });
  let left = adults;
  return {
    price: priceOf(rooms),
    products: Array.from({ length: rooms }, (_, index) => {
      const seated = Math.min(perRoom, left - (rooms - index - 1));
      left -= seated;
      return { id: best.id, number_of_adults: seated, children: children.filter((_, i) => i % rooms === index), price: priceOf(1) };
    }),
  };
}

/** POST /accommodations/availability: one hotel's products for a stay, priced per unit. */
export async function accommodationAvailability(body: unknown, now: Date, db: SandboxDb): Promise<Response> {
  const parsed = availabilityRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const request = parsed.data;
  const currency = request.currency ?? 'EUR';
  if (!isCurrency(currency)) return failure(400, 'invalid_parameter', `Parameter 'currency' is invalid: ${currency} is not supported by this sandbox (EUR, CZK, PLN).`);
  const problem = stayProblem(request.checkin, request.checkout, now);
  if (problem) return failure(400, 'invalid_parameter', problem);
  if (request.guests.number_of_rooms > request.guests.number_of_adults) {
    return failure(400, 'invalid_parameter', "Parameter 'guests.number_of_rooms' must not exceed 'guests.number_of_adults'.");
  }
  const hotel = hotelById(request.accommodation);
  if (!hotel) return failure(400, 'invalid_accommodation', `Accommodation ${request.accommodation} does not exist.`);
  const rooms = request.guests.number_of_rooms;
  const offers = offersFor(hotel.id, {
    checkin: request.checkin,
    checkout: request.checkout,
    adults: Math.ceil(request.guests.number_of_adults / rooms),
    currency,
    now,
    taken: await bookedUnits(db, hotel.id, request.checkin, request.checkout),
  })
    .filter((o) => !request.products || request.products.includes(o.id))
    .filter((o) => !request.payment || (request.payment.timing === 'pay_online' ? isOnline(o) : o.timings.includes('pay_at_the_property')));
  const withCharges = request.extras?.includes('extra_charges') ?? false;
  const stayQuery = `checkin=${request.checkin}&checkout=${request.checkout}&no_rooms=${rooms}&group_adults=${request.guests.number_of_adults}`;
  const recommended = recommendation(offers, rooms, request.guests.number_of_adults, request.guests.children ?? []);
  return ok({
    data: {
      id: hotel.id,
      currency,
      url: hotelPageUrl(hotel, stayQuery),
      deep_link_url: deepLink(hotel, stayQuery),
      products: offers.map((offer) => availabilityProduct(offer, withCharges)),
      ...(recommended ? { recommendation: recommended } : {}),
    },
  });
}
