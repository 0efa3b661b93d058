import { z } from 'zod';
import type { SandboxDb } from '../../db/database';
import { hotelById } from '../catalogue';
import { BOOKING_PREFIX } from '../links';
import { sandboxBookingOrders, type StoredOrder } from '../schema';
import { nightsOf } from '../calendar';
import { roomUnitsLeft } from '../pricing';
import { bookedUnits, newOrderNumbers, previewByToken } from '../store';
import { failure, invalid, ok } from './http';

const createRequest = z.object({
  order_token: z.string().min(1),
  booker: z.object({
    name: z.object({ first_name: z.string().min(1), last_name: z.string().min(1) }),
    email: z.string().email(),
    telephone: z.string().min(3),
    address: z.object({ country: z.string().regex(/^[a-z]{2}$/), city: z.string().optional(), post_code: z.string().optional(), address_line: z.string().optional() }),
    company: z.string().optional(),
    language: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/).optional(),
  }),
  accommodation: z
    .object({
      label: z.string().max(255).optional(),
      products: z.array(z.object({ id: z.string().min(1), bed_configuration: z.string().optional(), guests: z.array(z.object({ name: z.string().min(1), email: z.string() })).optional() })).min(1),
      remarks: z.object({ special_requests: z.string().optional(), estimated_arrival_time: z.object({ hour: z.number().int().min(0).max(23), next_day: z.boolean().optional() }).optional() }).optional(),
    }),
  payment: z.object({ timing: z.enum(['pay_at_the_property', 'pay_online_later', 'pay_online_now']), method: z.enum(['airplus', 'card', 'wallet']).optional(), include_receipt: z.boolean().optional() }).passthrough(),
});

function answer(order: StoredOrder, origin: string, receipt: boolean): Response {
  return ok({
    data: {
      accommodation: { order: order.id, reservation: order.reservation, pincode: order.pincode },
      ...(receipt ? { payment: { receipt_url: `${origin}${BOOKING_PREFIX}/orders/${order.id}` } } : {}),
    },
  });
}

const sorted = (ids: string[]) => [...ids].sort().join(',');

/**
 * POST /orders/create: books what a preview priced. Like Booking.com, a create is not idempotent:
 * the label (the site's order id) is only stored and read back by /orders/details, so a create
 * repeated after a lost answer books a second time, and the site must look its label up first.
 * The create_fails hotel always refuses with a definite error.
 */
export async function ordersCreate(body: unknown, now: Date, db: SandboxDb, origin: string): Promise<Response> {
  const parsed = createRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const request = parsed.data;
  const label = request.accommodation.label;
  const preview = await previewByToken(db, request.order_token);
  if (!preview) return failure(400, 'invalid_order_token', "Parameter 'order_token' is not a token this API issued.");
  if (preview.expiresAt <= now) return failure(400, 'expired_order_token', 'The order token has expired; preview the order again.');
  if (sorted(request.accommodation.products.map((p) => p.id)) !== sorted(preview.products.map((p) => p.id))) {
    return failure(400, 'invalid_parameter', "Parameter 'accommodation.products' must list exactly the products of the preview.");
  }
  if (!preview.timings.includes(request.payment.timing)) {
    return failure(400, 'invalid_payment_timing', `Payment timing '${request.payment.timing}' is not available for this order.`);
  }
  const hotel = hotelById(preview.hotelId);
  if (hotel?.fault === 'create_fails') {
    return failure(400, 'reservation_failed', 'The accommodation could not confirm the reservation (sandbox fault hotel).');
  }
  // Someone may have booked the last unit since the preview: then the product is gone.
  if (hotel) {
    const taken = await bookedUnits(db, hotel.id, preview.checkin, preview.checkout);
    for (const room of hotel.rooms) {
      const wanted = preview.products.filter((p) => p.room === room.id).length;
      if (wanted > 0 && wanted > roomUnitsLeft(hotel, room, nightsOf(preview.checkin, preview.checkout), taken)) {
        return failure(400, 'product_not_available', `${room.name} is sold out for these dates.`);
      }
    }
  }
  // The guests of each room go with the first unused product of that id.
  const guests = new Map<string, { name: string; email: string }[][]>();
  for (const p of request.accommodation.products) guests.set(p.id, [...(guests.get(p.id) ?? []), p.guests ?? []]);
  const products = preview.products.map((p) => ({ ...p, guests: guests.get(p.id)?.shift() ?? [] }));
  const numbers = newOrderNumbers();
  const remarks = request.accommodation.remarks?.special_requests;
  const [order] = await db
    .insert(sandboxBookingOrders)
    .values({
      ...numbers,
      label: label ?? null,
      hotelId: preview.hotelId,
      checkin: preview.checkin,
      checkout: preview.checkout,
      currency: preview.currency,
      timing: request.payment.timing,
      booker: request.booker,
      products,
      remarks: remarks ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Only a clash of the random reservation numbers lands here.
  if (!order) return failure(500, 'internal_error', 'The order could not be stored; try again.');
  return answer(order, origin, request.payment.include_receipt ?? false);
}
