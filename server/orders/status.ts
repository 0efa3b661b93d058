import 'server-only';
import { and, eq } from 'drizzle-orm';
import { orderEvents, orders, type OrderStatus } from '../db/schema/orders';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';

export type OrderRecord = typeof orders.$inferSelect;

/**
 * The order state machine (spec section 4 leaves it open; this is ours). An order waits for its
 * payments, is paid, and ends: unpaid in time (cancelled automatically), cancelled by the customer
 * (a hotel order, paid or not yet, into a voucher for what was paid), refunded when the stay could
 * not be booked, or cancelled with a refund or as a duplicate by support.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  // The customer may cancel an order not paid yet (a hotel order: nothing is booked until paid).
  WAITING: ['PARTIALLY_PAID', 'PAID', 'CANCELLED_BY_USER', 'CANCELLED_AUTOMATICALLY', 'CANCELLED_DUPLICATE'],
  PARTIALLY_PAID: ['PAID', 'CANCELLED_BY_USER', 'CANCELLED_AUTOMATICALLY', 'CANCELLED_DUPLICATE'],
  PAID: ['CANCELLED_BY_USER', 'REFUNDED_AUTOMATICALLY', 'CANCELLED_REFUND'],
  CANCELLED_BY_USER: [],
  CANCELLED_DUPLICATE: [],
  CANCELLED_REFUND: [],
  CANCELLED_AUTOMATICALLY: [],
  REFUNDED_AUTOMATICALLY: [],
};

/**
 * Moves an order along the state machine with one guarded UPDATE and an event row, in the caller's
 * transaction. Returns the updated order, or undefined when the move is not allowed or someone
 * else moved first.
 */
export async function moveOrder(
  services: Pick<Services, 'clock'>,
  tx: Tx,
  order: OrderRecord,
  to: OrderStatus,
  reason: string,
): Promise<OrderRecord | undefined> {
  if (!ORDER_TRANSITIONS[order.status].includes(to)) return undefined;
  const now = services.clock.now();
  const [moved] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === 'PAID' ? { paidAt: now } : {}) })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) return undefined;
  await tx.insert(orderEvents).values({ id: crypto.randomUUID(), orderId: order.id, fromStatus: order.status, toStatus: to, reason, createdAt: now });
  return moved;
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRecord | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}
