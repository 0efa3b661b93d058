import { z } from 'zod';
import type { Timing } from '@/server/booking/portal';
import type { SandboxDb } from '../../db/database';
import { hotelToday } from '../calendar';
import { hotelById } from '../catalogue';
import type { Hotel } from '../catalogue-types';
import { both, isCurrency } from '../money';
import { isOnline, offerOf, productOf } from '../offers';
import { occupancyMismatch } from '../occupancy';
import { add, type Amount, ZERO } from '../pricing';
import { sandboxBookingPreviews, type StoredProduct } from '../schema';
import { bookedUnits, newToken, previewsOfStay } from '../store';
import { failure, invalid, ok } from './http';
import { BOOKER, CURRENCY, DATE, stayProblem } from './stay-rules';
import { mealPlanOf } from '../meals';

/** Booking.com's order token lives about 15 minutes. */
export const TOKEN_MINUTES = 15;
/** Each further preview of a stay at the price_surge hotel costs this much more (basis points). */
const SURGE_STEP_BP = 1_000;

const previewRequest = z.object({
  booker: BOOKER,
  currency: CURRENCY.optional(),
  accommodation: z.object({
    id: z.number().int().min(1),
    checkin: DATE,
    checkout: DATE,
    products: z
      .array(z.object({ id: z.string().min(1), allocation: z.object({ number_of_adults: z.number().int().min(1), children: z.array(z.number().int().min(0).max(17)).optional() }) }))
      .min(1),
  }),
});

const ONLINE_METHODS = { airplus: true, cards: [1, 2, 3, 5], wallet: true };

/** The payment timings the whole order allows (every product must), with their schedules. */
function paymentPolicies(hotel: Hotel, products: StoredProduct[], timings: Timing[], checkin: string, today: string) {
  const total = products.reduce((sum, p) => add(sum, p.total), ZERO);
  const book = products.reduce((sum, p) => add(sum, { eur: p.total.eur - p.cityTax.eur, booker: p.total.booker - p.cityTax.booker }), ZERO);
  // The hotel's day the free cancellation ends on (an instant at Prague midnight is that day, not the UTC day before).
  const deadline = products
    .map((p) => (p.freeCancellationUntil ? hotelToday(new Date(p.freeCancellationUntil)) : undefined))
    .reduce<string | undefined>((a, b) => (a && b ? (a < b ? a : b) : undefined), checkin);
  const policies: Record<string, unknown> = {};
  if (timings.includes('pay_online_now')) policies.pay_online_now = { dates: [{ at: today, price: both(book.eur, book.booker) }], method_required: true, methods: ONLINE_METHODS };
  else policies.pay_online_now = null;
  if (timings.includes('pay_online_later')) {
    // Charged when free cancellation ends (or today when that is already past).
    const at = deadline && deadline > today ? deadline : today;
    policies.pay_online_later = { dates: [{ at, price: both(book.eur, book.booker) }], method_required: true, methods: ONLINE_METHODS };
  }
  if (timings.includes('pay_at_the_property')) {
    policies.pay_at_the_property = {
      dates: [{ at: checkin, price: both(total.eur, total.booker) }],
      method_required: hotel.cardsAtProperty.length > 0,
      methods: { airplus: false, cards: hotel.cardsAtProperty, wallet: false },
    };
  }
  return policies;
}

function productAnswer(p: StoredProduct, mismatch: ReturnType<typeof occupancyMismatch>) {
  const book: Amount = { eur: p.total.eur - p.cityTax.eur, booker: p.total.booker - p.cityTax.booker };
  return {
    id: p.id,
    room: p.room,
    deal: null,
    inventory: { third_party: false, type: 'sell' },
    third_party_inventory: false,
    policies: {
      cancellation: p.freeCancellationUntil
        ? [{ from: 'now', price: both(0, 0) }, { from: p.freeCancellationUntil, price: both(book.eur, book.booker) }]
        : [{ from: 'now', price: both(book.eur, book.booker) }],
      meal_plan: mealPlanOf(p.meal),
    },
    price: {
      base: both(p.base.eur, p.base.booker),
      total: both(p.total.eur, p.total.booker),
      ...(p.online ? { chargeable_online: both(book.eur, book.booker) } : {}),
      extra_charges: {
        conditional: [],
        non_conditional: [
          { charge: 21, chargeable_online: true, mode: 'percentage', percentage: p.vatPercent, total_amount: both(p.vat.eur, p.vat.booker) },
          ...(p.cityTax.booker > 0
            ? [{ charge: 142, chargeable_online: false, mode: 'per_person_per_night', total_amount: both(p.cityTax.eur, p.cityTax.booker) }]
            : []),
        ],
      },
    },
    occupancy_mismatch: mismatch,
  };
}

/**
 * POST /orders/preview: prices the chosen products for the guests of each room, checks the
 * occupancy, and hands out an order token that /orders/create books at exactly these prices.
 */
export async function ordersPreview(body: unknown, now: Date, db: SandboxDb): Promise<Response> {
  const parsed = previewRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const { accommodation } = parsed.data;
  const currency = parsed.data.currency ?? 'EUR';
  if (!isCurrency(currency)) return failure(400, 'invalid_parameter', `Parameter 'currency' is invalid: ${currency} is not supported by this sandbox (EUR, CZK, PLN).`);
  const problem = stayProblem(accommodation.checkin, accommodation.checkout, now);
  if (problem) return failure(400, 'invalid_parameter', problem);
  const hotel = hotelById(accommodation.id);
  if (!hotel) return failure(400, 'invalid_accommodation', `Accommodation ${accommodation.id} does not exist.`);

  const earlier = hotel.fault === 'price_surge' ? await previewsOfStay(db, hotel.id, accommodation.checkin, accommodation.checkout) : 0;
  const surgeBp = 10_000 + SURGE_STEP_BP * Math.min(earlier, 10);
  const taken = await bookedUnits(db, hotel.id, accommodation.checkin, accommodation.checkout);
  const wanted = new Map<number, number>();
  const stored: StoredProduct[] = [];
  const mismatches: ReturnType<typeof occupancyMismatch>[] = [];
  let timings: Timing[] = ['pay_online_now', 'pay_online_later', 'pay_at_the_property'];
  for (const asked of accommodation.products) {
    const found = productOf(hotel, asked.id);
    if (!found) return failure(400, 'product_not_available', `Product ${asked.id} is not available at accommodation ${hotel.id}.`);
    const guests = { number_of_adults: asked.allocation.number_of_adults, children: asked.allocation.children ?? [] };
    const offer = offerOf(hotel, found.room, found.rate, { checkin: accommodation.checkin, checkout: accommodation.checkout, adults: guests.number_of_adults, currency, now, taken }, surgeBp);
    // Rates of one room share its units.
    const unitsWanted = (wanted.get(offer.room.id) ?? 0) + 1;
    wanted.set(offer.room.id, unitsWanted);
    if (unitsWanted > offer.price.unitsAvailable) {
      return failure(400, 'product_not_available', `Product ${offer.id} has only ${offer.price.unitsAvailable} units left for these dates.`);
    }
    const { price } = offer;
    stored.push({
      id: offer.id,
      room: found.room.id,
      roomName: found.room.name,
      adults: guests.number_of_adults,
      children: guests.children,
      meal: found.rate.meal,
      base: { eur: price.book.eur - price.vat.eur, booker: price.book.booker - price.vat.booker },
      total: add(price.book, price.cityTax),
      vat: price.vat,
      vatPercent: hotel.vatPercent,
      cityTax: price.cityTax,
      ...(offer.freeCancellationUntil ? { freeCancellationUntil: offer.freeCancellationUntil.toISOString() } : {}),
      online: isOnline(offer),
    });
    mismatches.push(occupancyMismatch(found.room, guests));
    timings = timings.filter((t) => offer.timings.includes(t));
  }

  const token = newToken();
  await db.insert(sandboxBookingPreviews).values({
    token,
    hotelId: hotel.id,
    checkin: accommodation.checkin,
    checkout: accommodation.checkout,
    currency,
    products: stored,
    timings,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_MINUTES * 60_000),
  });
  const sum = (pick: (p: StoredProduct) => Amount) => stored.reduce((total, p) => add(total, pick(p)), ZERO);
  const base = sum((p) => p.base);
  const total = sum((p) => p.total);
  const online = sum((p) => (p.online ? { eur: p.total.eur - p.cityTax.eur, booker: p.total.booker - p.cityTax.booker } : ZERO));
  const today = hotelToday(now);
  return ok({
    data: {
      accommodation: {
        id: hotel.id,
        currency: { accommodation: 'EUR', booker: currency },
        general_policies: { payment: paymentPolicies(hotel, stored, timings, accommodation.checkin, today) },
        price: {
          base: both(base.eur, base.booker),
          total: both(total.eur, total.booker),
          ...(online.booker > 0 ? { chargeable_online: both(online.eur, online.booker) } : {}),
          extra_charges: { conditional: [], non_conditional: [] },
        },
        products: stored.map((p, index) => productAnswer(p, mismatches[index] ?? null)),
      },
      order_token: token,
    },
  });
}
