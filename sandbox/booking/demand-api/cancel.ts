import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SandboxDb } from '../../db/database';
import { hotelToday } from '../calendar';
import { hotelById } from '../catalogue';
import { cancellationFee } from '../order-money';
import { sandboxBookingOrders } from '../schema';
import { orderById } from '../store';
import { failure, invalid, ok } from './http';

const cancelRequest = z.object({ order: z.string().min(1), reason: z.string().min(1), request_property_approval: z.string().optional() });

/**
 * POST /orders/cancel (3.1, flat): cancels a booked order. On or after the check-in day it
 * answers `failed`, as the stay has begun. Before that the guest may always cancel; after the
 * free-cancellation deadline (or for a non-refundable rate) the fee is the room price, recorded
 * in cancellation_details. Cancelling a cancelled order again is `successful` and changes nothing.
 * The cancel_refused fault hotel answers `failed` to every cancellation of a booked order.
 */
export async function ordersCancel(body: unknown, now: Date, db: SandboxDb): Promise<Response> {
  const parsed = cancelRequest.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const order = await orderById(db, parsed.data.order);
  if (!order) return failure(400, 'order_not_found', `Order ${parsed.data.order} does not exist.`);
  if (order.status !== 'booked') return ok({ data: { status: order.status.startsWith('cancelled') ? 'successful' : 'failed' } });
  if (hotelToday(now) >= order.checkin || hotelById(order.hotelId)?.fault === 'cancel_refused') return ok({ data: { status: 'failed' } });
  const fee = cancellationFee(order, now);
  const [changed] = await db
    .update(sandboxBookingOrders)
    .set({ status: 'cancelled_by_guest', cancelledAt: now, updatedAt: now, cancellationFeeEur: fee.eur, cancellationFeeBooker: fee.booker })
    .where(and(eq(sandboxBookingOrders.id, order.id), eq(sandboxBookingOrders.status, 'booked')))
    .returning();
  // Zero rows: a concurrent cancel won; the order is cancelled either way.
  return ok({ data: { status: changed || (await orderById(db, order.id))?.status.startsWith('cancelled') ? 'successful' : 'failed' } });
}
