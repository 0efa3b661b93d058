import { and, asc, gte, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { SandboxDb } from '../../db/database';
import { hotelById } from '../catalogue';
import { BOOKING_PREFIX } from '../links';
import { decimal } from '../money';
import { amountIn, orderCommissionable, orderTotal } from '../order-money';
import { sandboxBookingOrders, type StoredOrder } from '../schema';
import { ordersByIds, ordersByReservations } from '../store';
import { failure, invalid, ok } from './http';
import { CURRENCY, DATE } from './stay-rules';
import { mealPlanOf } from '../meals';

const RANGE = z.object({ from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }).optional() });
const DATES = z.object({ from: DATE, to: DATE.optional() });
const common = {
  currency: CURRENCY,
  maximum_results: z.number().int().min(10).max(100).multipleOf(10).optional(),
  extras: z.array(z.literal('payment')).optional(),
  services: z.array(z.enum(['accommodations', 'cars', 'flights'])).optional(),
  sort: z.object({ by: z.enum(['created', 'updated']), direction: z.enum(['ascending', 'descending']) }).optional(),
};
const detailsRequest = z.union([
  z.object({ orders: z.array(z.string()).min(1).max(100), ...common }),
  z.object({ reservations: z.array(z.union([z.string().regex(/^\d+$/), z.number().int()])).min(1).max(100), ...common }),
  z.object({ created: RANGE, ...common }),
  z.object({ updated: RANGE, ...common }),
  z.object({ start: DATES, ...common }),
  z.object({ end: DATES, ...common }),
]);

const SEVEN_DAYS_MS = 7 * 86_400_000;

async function select(db: SandboxDb, request: z.infer<typeof detailsRequest>): Promise<StoredOrder[] | string> {
  if ('orders' in request) return ordersByIds(db, request.orders);
  if ('reservations' in request) return ordersByReservations(db, request.reservations.map(Number));
  let where: SQL | undefined;
  const t = sandboxBookingOrders;
  if ('created' in request || 'updated' in request) {
    const range = 'created' in request ? request.created : request.updated;
    const from = new Date(range.from);
    const to = range.to ? new Date(range.to) : new Date(from.getTime() + SEVEN_DAYS_MS);
    if (to.getTime() - from.getTime() > SEVEN_DAYS_MS || to < from) return "The range must be at most 7 days and 'to' after 'from'.";
    const column = 'created' in request ? t.createdAt : t.updatedAt;
    where = and(gte(column, from), lte(column, to));
  } else {
    const range = 'start' in request ? request.start : request.end;
    const column = 'start' in request ? t.checkin : t.checkout;
    where = range.to ? and(gte(column, range.from), lte(column, range.to)) : gte(column, range.from);
  }
  return db.select().from(t).where(where).orderBy(asc(t.createdAt)).limit(request.maximum_results ?? 100);
}

function orderSummary(order: StoredOrder, currency: string, withPayment: boolean, affiliate: number, origin: string) {
  const booker = order.booker as { name?: { first_name?: string; last_name?: string }; email?: string; telephone?: string; language?: string; address?: { city?: string; country?: string } };
  const total = amountIn(order, orderTotal(order), currency);
  const commissionable = amountIn(order, orderCommissionable(order), currency);
  return {
    id: order.id,
    accommodations: { reservation: order.reservation, inventory: { third_party: false, type: 'sell' } },
    affiliate,
    booker: {
      name: { first_name: booker.name?.first_name ?? null, last_name: booker.name?.last_name ?? null },
      email: booker.email ?? null,
      telephone: booker.telephone ?? '',
      ...(booker.language ? { language: booker.language } : {}),
      address: { city: booker.address?.city ?? null, country: booker.address?.country ?? null },
      platform: 'desktop',
      travel_purpose: 'leisure',
    },
    created: order.createdAt.toISOString(),
    updated: order.updatedAt.toISOString(),
    currency,
    commission: { estimated_amount: decimal(Math.max(1, Math.round(commissionable * 0.15))) },
    price: { commissionable: decimal(commissionable), total: decimal(total) },
    status: order.status,
    ...(withPayment
      ? { payment: { timing: order.timing, accommodations: { reservation: order.reservation, receipt_url: `${origin}${BOOKING_PREFIX}/orders/${order.id}` } } }
      : {}),
  };
}

/** POST /orders/details: orders by id, reservation, creation/update window or stay dates. */
export async function ordersDetails(body: unknown, db: SandboxDb, affiliate: number, origin: string): Promise<Response> {
  const parsed = detailsRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const found = await select(db, parsed.data);
  if (typeof found === 'string') return failure(400, 'invalid_parameter', found);
  const withPayment = parsed.data.extras?.includes('payment') ?? false;
  const sorted = parsed.data.sort?.direction === 'descending' ? [...found].reverse() : found;
  return ok({
    data: sorted.map((order) => orderSummary(order, parsed.data.currency, withPayment, affiliate, origin)),
    metadata: { total_results: sorted.length },
  });
}

const accommodationsRequest = z.union([
  z.object({ orders: z.array(z.string()).min(1).max(100), currency: CURRENCY.optional(), extras: z.array(z.enum(['accommodation_details', 'policies', 'extra_charges'])).optional(), language: z.string().optional() }),
  z.object({ reservations: z.array(z.number().int()).min(1).max(100), currency: CURRENCY.optional(), extras: z.array(z.enum(['accommodation_details', 'policies', 'extra_charges'])).optional(), language: z.string().optional() }),
]);

function both(order: StoredOrder, amount: { eur: number; booker: number }, currency: string) {
  const booker = amountIn(order, amount, currency);
  return amount.eur > 0 ? { accommodation_currency: decimal(amount.eur), booker_currency: decimal(booker) } : {};
}

function accommodationOrder(order: StoredOrder, currency: string, extras: Set<string>) {
  const hotel = hotelById(order.hotelId);
  const cancelled = order.status !== 'booked' && order.cancelledAt;
  return {
    id: order.id,
    accommodation: order.hotelId,
    ...(extras.has('accommodation_details') && hotel
      ? {
          accommodation_details: {
            name: hotel.name,
            email: hotel.email,
            telephone: hotel.telephone,
            location: { address: hotel.street, city: hotel.cityId, country: hotel.country, post_code: hotel.postalCode, coordinates: { latitude: hotel.latitude, longitude: hotel.longitude } },
          },
        }
      : {}),
    booker: { platform: 'desktop' },
    ...(cancelled
      ? {
          cancellation_details: {
            at: order.cancelledAt!.toISOString(),
            fee: both(order, { eur: order.cancellationFeeEur ?? 0, booker: order.cancellationFeeBooker ?? 0 }, currency),
            original_total_price: both(order, orderTotal(order), currency),
          },
        }
      : {}),
    checkin: order.checkin,
    checkout: order.checkout,
    currency: { accommodation: 'EUR', booker: currency },
    inventory: { third_party: false, type: 'sell' },
    ...(order.label ? { label: order.label } : {}),
    pin_code: order.pincode,
    price: { commissionable: both(order, orderCommissionable(order), currency), total: both(order, orderTotal(order), currency) },
    products: order.products.map((p, index) => ({
      allocation: { guests: p.adults + p.children.length, adults: p.adults, children: p.children },
      guests: p.guests ?? [],
      policies: {
        cancellation: p.freeCancellationUntil
          ? [{ from: 'now', price: {} }, { from: p.freeCancellationUntil, price: both(order, { eur: p.total.eur - p.cityTax.eur, booker: p.total.booker - p.cityTax.booker }, currency) }]
          : [{ from: 'now', price: both(order, { eur: p.total.eur - p.cityTax.eur, booker: p.total.booker - p.cityTax.booker }, currency) }],
        meal_plan: mealPlanOf(p.meal),
      },
      price: { base: both(order, p.base, currency), total: both(order, p.total, currency) },
      room: p.room,
      room_details: { name: p.roomName },
      room_reservation: order.reservation * 10 + index + 1,
      status: order.status,
    })),
    reservation: order.reservation,
    ...(order.remarks ? { remarks: order.remarks } : {}),
    status: order.status,
  };
}

/** POST /orders/details/accommodations: the stay side of orders, with the affiliate's label. */
export async function ordersAccommodations(body: unknown, db: SandboxDb): Promise<Response> {
  const parsed = accommodationsRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const request = parsed.data;
  const found = 'orders' in request ? await ordersByIds(db, request.orders) : await ordersByReservations(db, request.reservations);
  const extras = new Set<string>(request.extras ?? []);
  return ok({ data: found.map((order) => accommodationOrder(order, request.currency ?? order.currency, extras)) });
}
