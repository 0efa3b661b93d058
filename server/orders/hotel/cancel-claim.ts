import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { hotelOrders } from '../../db/schema/hotel-orders';
import type { Tx } from '../../db/transaction';
import { DomainError } from '../../errors';
import { cancelWaitingPayments, ownerPayments, type PaymentMoves } from '../../payments/transitions';
import type { Services } from '../../services';
import type { Site } from '../../site';
import { lockOrder, moveOrder, type OrderRecord } from '../status';
import { paidSoFar, settleCancellation } from './compensation';
import { compensate } from './compensation-voucher';
import { type Cancellability, cancellability, cancellationKind } from './deadlines';
import { hotelOrderRecord } from './record';

const OWNER_TYPE = 'hotel_order';
/** The safety net re-runs an interrupted cancellation after this long. */
const RETRY_AFTER_SECONDS = 120;

/** Who asks: the customer on their site, or finance in the console, who may waive the fee. */
export interface CancellationAsk {
  /** The customer's site: an order of another site is not found. Finance asks without one. */
  site?: Site;
  /** Finance waives the rate's fee: the voucher is everything paid. Kept on the order for the retries. */
  feeWaived?: boolean;
}

/**
 * Claims a hotel order's cancellation in the caller's transaction, irreversibly, locking the
 * order's payments first and then the order (the lock order of every payment change, so a
 * callback paying the last part at the same moment either completes first, and the order is
 * being booked, or finds its payment cancelled, and the money goes back).
 *
 * A booked stay is claimed (of two cancels at once, one goes ahead) with a safety-net job that
 * finishes an interrupted cancellation (cancel.ts). An order not fully paid has nothing booked:
 * it ends CANCELLED_BY_USER here, its waiting payments end, and what was paid becomes the
 * voucher. Returns what cancelling does, as it was when claimed.
 */
export async function claimCancellation(services: PaymentMoves & Pick<Services, 'jobs'>, tx: Tx, orderId: string, ask: CancellationAsk): Promise<Cancellability & { order: OrderRecord }> {
  const payments = await ownerPayments(tx, OWNER_TYPE, orderId, true);
  const order = await lockOrder(tx, orderId);
  if (!order || order.kind !== 'hotel' || (ask.site && order.site !== ask.site.variant)) throw new DomainError('order_not_found');
  const [row] = await tx.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId));
  if (!row) throw new DomainError('order_not_found');
  const hotel = hotelOrderRecord(row);
  if (hotel.cancelRequestedAt && hotel.bookingStatus === 'ACTIVE') throw new DomainError('request_in_progress');
  // Just paid and being booked: once booked, the stay can be cancelled like any other.
  if (order.status === 'PAID' && hotel.bookingStatus === 'PENDING') throw new DomainError('request_in_progress');
  const kind = cancellationKind(order.status, hotel);
  const rule = cancellability(
    { kind, schedules: hotel.cancellation, roomsPrice: hotel.roomsPrice, paid: paidSoFar(payments), checkIn: hotel.stay.checkIn, feeWaived: ask.feeWaived },
    services.clock.now(),
  );
  if (!rule.cancellable || (kind === 'booked' && !hotel.portalOrderId)) throw new DomainError('order_not_cancellable');
  const [claimed] = await tx
    .update(hotelOrders)
    .set({ cancelRequestedAt: services.clock.now(), cancellationFeeWaived: ask.feeWaived ?? false })
    .where(and(eq(hotelOrders.orderId, orderId), isNull(hotelOrders.cancelRequestedAt)))
    .returning();
  if (!claimed) throw new DomainError('request_in_progress');
  if (kind === 'unpaid') await cancelUnpaid(services, tx, order);
  await services.jobs.send('hotels.cancel', { orderId }, { tx, singletonKey: orderId, startAfterSeconds: RETRY_AFTER_SECONDS });
  return { ...rule, order };
}

/**
 * An order not fully paid, cancelled in the claiming transaction: nothing was booked (policy §6),
 * so no fee applies. The order ends CANCELLED_BY_USER first (so no payment change can complete it
 * any more), then its waiting payments end (voucher holds go back onto their vouchers, a transfer
 * arriving later is sent back), and what was paid becomes the compensation voucher.
 */
async function cancelUnpaid(services: PaymentMoves, tx: Tx, order: OrderRecord): Promise<void> {
  const moved = await moveOrder(services, tx, order, 'CANCELLED_BY_USER', 'cancelled by the customer before it was paid');
  if (!moved) throw new Error(`order ${order.id} could not move to CANCELLED_BY_USER from ${order.status}`);
  await cancelWaitingPayments(services, tx, OWNER_TYPE, order.id);
  const settlement = settleCancellation({ paid: paidSoFar(await ownerPayments(tx, OWNER_TYPE, order.id)) });
  await tx.update(hotelOrders).set({ cancelledAt: services.clock.now(), cancellationFee: settlement.fee }).where(eq(hotelOrders.orderId, order.id));
  await compensate(services, tx, moved, settlement.voucherValue);
}
