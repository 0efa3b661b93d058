import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { hotelOrders } from '../../db/schema/hotel-orders';
import { orders } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/vouchers';
import { inTransaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { OutcomeUnknown } from '../../outside/outcome';
import type { Site } from '../../site';
import type { Services } from '../../services';
import { issueVoucher } from '../../vouchers/issue';
import { lockOrder, moveOrder } from '../status';
import { voucherDocument } from '../voucher/voucher-document';
import { cancellability, cancellationFee } from './deadlines';
import { sendHotelCancelled } from './emails';
import { hotelOrderRecord } from './record';

/** A compensation voucher is valid as long as a bought one. */
const COMPENSATION_MONTHS = 12;
/** The safety net re-runs an interrupted cancellation after this long. */
const RETRY_AFTER_SECONDS = 120;

/**
 * Cancels a booked stay at the visitor's request, irreversibly. The request is claimed first (one
 * guarded UPDATE: of two cancels at once, one goes ahead), with a safety-net job that finishes an
 * interrupted cancellation; then Booking.com cancels the reservation and the order ends
 * CANCELLED_BY_USER with a compensation voucher worth what the rooms cost minus the hotel's fee.
 */
export async function cancelHotelOrder(services: Services, site: Site, orderId: string): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.kind !== 'hotel' || order.site !== site.variant) throw new DomainError('order_not_found');
    const [row] = await tx.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId));
    if (!row) throw new DomainError('order_not_found');
    const hotel = hotelOrderRecord(row);
    if (hotel.cancelRequestedAt && hotel.bookingStatus === 'ACTIVE') throw new DomainError('request_in_progress');
    const rule = cancellability(
      { schedules: hotel.cancellation, roomsPaid: hotel.roomsPrice, insured: hotel.options.cancellationInsurance, checkIn: hotel.stay.checkIn },
      services.clock.now(),
    );
    if (order.status !== 'PAID' || hotel.bookingStatus !== 'ACTIVE' || !hotel.portalOrderId || !rule.cancellable) {
      throw new DomainError('order_not_cancellable');
    }
    const [claimed] = await tx
      .update(hotelOrders)
      .set({ cancelRequestedAt: services.clock.now() })
      .where(and(eq(hotelOrders.orderId, orderId), isNull(hotelOrders.cancelRequestedAt)))
      .returning();
    if (!claimed) throw new DomainError('request_in_progress');
    await services.jobs.send('hotels.cancel', { orderId }, { tx, singletonKey: orderId, startAfterSeconds: RETRY_AFTER_SECONDS });
  });
  try {
    await finishCancellation(services, orderId);
  } catch (error) {
    // Booking.com gave no answer of its own: the claimed cancellation is finished by the job.
    if (error instanceof OutcomeUnknown) throw new DomainError('request_in_progress', error.message, { cause: error });
    throw error;
  }
}

/**
 * Job `hotels.cancel` and the tail of a cancellation: safe to run again at any point. A claimed
 * cancellation is sent to Booking.com (a refusal is checked against the order's status there, in
 * case an earlier run already cancelled it), recorded with the voucher in one transaction, and
 * e-mailed once.
 */
export async function finishCancellation(services: Services, orderId: string): Promise<void> {
  const { db } = await services.db();
  const [row] = await db.select().from(orders).innerJoin(hotelOrders, eq(hotelOrders.orderId, orders.id)).where(eq(orders.id, orderId));
  if (!row?.hotel_orders.cancelRequestedAt) return;
  const hotel = row.hotel_orders;
  if (hotel.bookingStatus === 'ACTIVE') {
    let answer: 'successful' | 'failed' | OutcomeUnknown;
    try {
      answer = await services.portal.cancel(hotel.portalOrderId!, 'Cancelled by the guest through the booking agent');
    } catch (error) {
      if (!(error instanceof OutcomeUnknown)) throw error;
      answer = error;
    }
    // Anything but a plain yes is checked against the order's status at Booking.com (an earlier
    // run, or the unanswered one, may have cancelled it).
    if (answer !== 'successful' && !(await cancelledAtPortal(services, row.orders.id, row.orders.currency, hotel.bookedAt ?? hotel.cancelRequestedAt!))) {
      // Unknown and not cancelled yet: the claim stays, the job asks again later.
      if (answer instanceof OutcomeUnknown) throw answer;
      await db.update(hotelOrders).set({ cancelRequestedAt: null }).where(eq(hotelOrders.orderId, orderId));
      throw new DomainError('invalid_booking_status', `Booking.com refused to cancel ${hotel.portalOrderId}`);
    }
    await recordCancellation(services, orderId);
  }
  await mailCancellation(services, orderId);
}

async function cancelledAtPortal(services: Services, orderId: string, currency: string, around: Date): Promise<boolean> {
  const margin = 24 * 3_600_000;
  const found = await services.portal.findByLabel(orderId, { from: new Date(around.getTime() - margin), to: new Date(around.getTime() + margin) }, currency);
  return found !== undefined && found.status.startsWith('cancelled');
}

async function recordCancellation(services: Services, orderId: string): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [row] = await tx.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId));
    const hotel = row && hotelOrderRecord(row);
    if (!order || !hotel?.cancelRequestedAt) return;
    // The fee in force when the visitor asked, not when a retry happens to run.
    const fee = Math.min(hotel.roomsPrice, cancellationFee(hotel.cancellation, hotel.cancelRequestedAt));
    const [cancelled] = await tx
      .update(hotelOrders)
      .set({ bookingStatus: 'CANCELLED', cancelledAt: services.clock.now(), cancellationFee: fee })
      .where(and(eq(hotelOrders.orderId, orderId), eq(hotelOrders.bookingStatus, 'ACTIVE')))
      .returning();
    if (!cancelled) return;
    const moved = await moveOrder(services, tx, order, 'CANCELLED_BY_USER', 'cancelled by the customer');
    if (!moved) throw new Error(`order ${orderId} could not move to CANCELLED_BY_USER from ${order.status}`);
    const value = hotel.options.cancellationInsurance ? hotel.roomsPrice : hotel.roomsPrice - fee;
    if (value > 0) {
      await issueVoucher(services, tx, {
        source: 'compensation',
        sourceOrderId: orderId,
        total: value,
        currency: order.currency,
        site: order.site,
        validityMonths: COMPENSATION_MONTHS,
        purchasedAsGift: false,
      });
    }
  });
}

/** The cancellation e-mail, once (its event key), with the voucher PDF made outside any transaction. */
async function mailCancellation(services: Services, orderId: string): Promise<void> {
  const { db } = await services.db();
  const [row] = await db.select().from(orders).innerJoin(hotelOrders, eq(hotelOrders.orderId, orders.id)).where(eq(orders.id, orderId));
  if (!row || row.hotel_orders.bookingStatus !== 'CANCELLED') return;
  const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.source, 'compensation'), eq(vouchers.sourceOrderId, orderId)));
  const attachment = voucher
    ? { record: voucher, fee: row.hotel_orders.cancellationFee ?? 0, pdf: (await voucherDocument(services, voucher, row.orders)).pdf }
    : undefined;
  await inTransaction(db, (tx) => sendHotelCancelled(services, tx, row.orders, hotelOrderRecord(row.hotel_orders), attachment));
}
