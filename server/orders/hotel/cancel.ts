import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { hotelOrders } from '../../db/schema/hotel-orders';
import { orders } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/vouchers';
import { inTransaction, type Tx } from '../../db/transaction';
import { DomainError } from '../../errors';
import { OutcomeUnknown } from '../../outside/outcome';
import { closeGivenUpAtGateway } from '../../payments/close-given-up';
import { cancelWaitingPayments, ownerPayments, type PaymentMoves } from '../../payments/transitions';
import type { Site } from '../../site';
import type { Services } from '../../services';
import { issueVoucher } from '../../vouchers/issue';
import { lockOrder, moveOrder, type OrderRecord } from '../status';
import { voucherDocument } from '../voucher/voucher-document';
import { paidSoFar, settleCancellation } from './compensation';
import { cancellability, cancellationFee, cancellationKind } from './deadlines';
import { sendHotelCancelled } from './emails';
import { hotelOrderRecord } from './record';

const OWNER_TYPE = 'hotel_order';

/** A compensation voucher is valid as long as a bought one. */
const COMPENSATION_MONTHS = 12;
/** The safety net re-runs an interrupted cancellation after this long. */
const RETRY_AFTER_SECONDS = 120;

/**
 * Cancels a hotel order at the visitor's request, irreversibly, in one guarded transaction that
 * locks the order's payments first and then the order (the lock order of every payment change, so
 * a callback paying the last part at the same moment either completes first, and the order is
 * being booked, or finds its payment cancelled, and the money goes back).
 *
 * A booked stay is claimed (of two cancels at once, one goes ahead) with a safety-net job that
 * finishes an interrupted cancellation; then Booking.com cancels the reservation and the order ends
 * CANCELLED_BY_USER with a compensation voucher. An order not fully paid has nothing booked: it
 * ends CANCELLED_BY_USER in the same transaction, its waiting payments end, and what was paid
 * becomes the voucher. Either way the voucher is everything paid minus the cancellation fee.
 */
export async function cancelHotelOrder(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'report' | 'wallet'>,
  site: Site,
  orderId: string,
): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const payments = await ownerPayments(tx, OWNER_TYPE, orderId, true);
    const order = await lockOrder(tx, orderId);
    if (!order || order.kind !== 'hotel' || order.site !== site.variant) throw new DomainError('order_not_found');
    const [row] = await tx.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId));
    if (!row) throw new DomainError('order_not_found');
    const hotel = hotelOrderRecord(row);
    if (hotel.cancelRequestedAt && hotel.bookingStatus === 'ACTIVE') throw new DomainError('request_in_progress');
    // Just paid and being booked: once booked, the stay can be cancelled like any other.
    if (order.status === 'PAID' && hotel.bookingStatus === 'PENDING') throw new DomainError('request_in_progress');
    const kind = cancellationKind(order.status, hotel);
    const rule = cancellability(
      { kind, schedules: hotel.cancellation, roomsPrice: hotel.roomsPrice, paid: paidSoFar(payments), checkIn: hotel.stay.checkIn },
      services.clock.now(),
    );
    if (!rule.cancellable || (kind === 'booked' && !hotel.portalOrderId)) throw new DomainError('order_not_cancellable');
    const [claimed] = await tx
      .update(hotelOrders)
      .set({ cancelRequestedAt: services.clock.now() })
      .where(and(eq(hotelOrders.orderId, orderId), isNull(hotelOrders.cancelRequestedAt)))
      .returning();
    if (!claimed) throw new DomainError('request_in_progress');
    if (kind === 'unpaid') await cancelUnpaid(services, tx, order);
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

/**
 * Job `hotels.cancel` and the tail of a cancellation: safe to run again at any point. A claimed
 * cancellation of a booked stay is sent to Booking.com (a refusal is checked against the order's
 * status there, in case an earlier run already cancelled it) and recorded with the voucher in one
 * transaction; gateway payments an unpaid order gave up are closed at their gateways; the
 * customer is e-mailed once.
 */
export async function finishCancellation(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'report' | 'wallet'>,
  orderId: string,
): Promise<void> {
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
  if (hotel.bookingStatus === 'NOT_ORDERED') await closeGivenUpPayments(services, orderId);
  await mailCancellation(services, orderId);
}

async function cancelledAtPortal(services: Pick<Services, 'portal'>, orderId: string, currency: string, around: Date): Promise<boolean> {
  const margin = 24 * 3_600_000;
  const found = await services.portal.findByLabel(orderId, { from: new Date(around.getTime() - margin), to: new Date(around.getTime() + margin) }, currency);
  return found !== undefined && found.status.startsWith('cancelled');
}

async function recordCancellation(services: Pick<Services, 'clock' | 'db'>, orderId: string): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    // Payments first, then the order, as everywhere.
    const payments = await ownerPayments(tx, OWNER_TYPE, orderId, true);
    const order = await lockOrder(tx, orderId);
    const [row] = await tx.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId));
    const hotel = row && hotelOrderRecord(row);
    if (!order || !hotel?.cancelRequestedAt) return;
    // The fee in force when the visitor asked, not when a retry happens to run.
    const settlement = settleCancellation({
      paid: paidSoFar(payments),
      booking: { roomsPrice: hotel.roomsPrice, scheduleFee: cancellationFee(hotel.cancellation, hotel.cancelRequestedAt) },
    });
    const [cancelled] = await tx
      .update(hotelOrders)
      .set({ bookingStatus: 'CANCELLED', cancelledAt: services.clock.now(), cancellationFee: settlement.fee })
      .where(and(eq(hotelOrders.orderId, orderId), eq(hotelOrders.bookingStatus, 'ACTIVE')))
      .returning();
    if (!cancelled) return;
    const moved = await moveOrder(services, tx, order, 'CANCELLED_BY_USER', 'cancelled by the customer');
    if (!moved) throw new Error(`order ${orderId} could not move to CANCELLED_BY_USER from ${order.status}`);
    await compensate(services, tx, moved, settlement.voucherValue);
  });
}

/** The compensation voucher, once per order (issueVoucher's source key); none when nothing is left. */
async function compensate(services: Pick<Services, 'clock'>, tx: Tx, order: OrderRecord, value: number): Promise<void> {
  if (value <= 0) return;
  await issueVoucher(services, tx, {
    source: 'compensation',
    sourceOrderId: order.id,
    total: value,
    currency: order.currency,
    site: order.site,
    validityMonths: COMPENSATION_MONTHS,
    purchasedAsGift: false,
  });
}

/** Gateway payments the cancellation gave up, closed at their gateways; a failure is left to the reconcile sweep. */
async function closeGivenUpPayments(
  services: Pick<Services, 'clock' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>,
  orderId: string,
): Promise<void> {
  const { db } = await services.db();
  for (const payment of await ownerPayments(db, OWNER_TYPE, orderId)) {
    if (payment.status !== 'CANCELLED' || !payment.gatewayPaymentId) continue;
    await closeGivenUpAtGateway(services, payment).catch((error: unknown) =>
      services.report(error, { operation: 'hotel.cancel.close-payment', paymentId: payment.id }),
    );
  }
}

/** The cancellation e-mail, once (its event key), with the voucher PDF made outside any transaction. */
async function mailCancellation(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs'>, orderId: string): Promise<void> {
  const { db } = await services.db();
  const [row] = await db.select().from(orders).innerJoin(hotelOrders, eq(hotelOrders.orderId, orders.id)).where(eq(orders.id, orderId));
  if (!row?.hotel_orders.cancelledAt || row.orders.status !== 'CANCELLED_BY_USER') return;
  const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.source, 'compensation'), eq(vouchers.sourceOrderId, orderId)));
  const settlement = {
    paid: paidSoFar(await ownerPayments(db, OWNER_TYPE, orderId)),
    fee: row.hotel_orders.cancellationFee ?? 0,
    booked: row.hotel_orders.bookingStatus === 'CANCELLED',
  };
  const attachment = voucher ? { record: voucher, pdf: (await voucherDocument(services, voucher, row.orders)).pdf } : undefined;
  await inTransaction(db, (tx) => sendHotelCancelled(services, tx, row.orders, hotelOrderRecord(row.hotel_orders), settlement, attachment));
}
