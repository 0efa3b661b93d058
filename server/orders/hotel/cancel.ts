import 'server-only';
import { and, eq } from 'drizzle-orm';
import { hotelOrders } from '../../db/schema/hotel-orders';
import { orders } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/vouchers';
import { inTransaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { OutcomeUnknown } from '../../outside/outcome';
import { renderedDocument } from '../../notifications/pdf/rendered';
import { closeGivenUpAtGateway } from '../../payments/close-given-up';
import { ownerPayments } from '../../payments/transitions';
import type { Site } from '../../site';
import type { Services } from '../../services';
import { lockOrder, moveOrder } from '../status';
import { voucherDocument } from '../voucher/voucher-document';
import { paidSoFar, settleCancellation } from './compensation';
import { claimCancellation } from './cancel-claim';
import { compensate } from './compensation-voucher';
import { cancellationFee } from './deadlines';
import { sendHotelCancelled } from './emails';
import { hotelOrderRecord } from './record';

const OWNER_TYPE = 'hotel_order';

/**
 * Cancels a hotel order at the visitor's request: the claim (cancel-claim.ts) in one guarded
 * transaction, then Booking.com cancels the reservation and the order ends CANCELLED_BY_USER with
 * a compensation voucher worth everything paid minus the cancellation fee.
 */
export async function cancelHotelOrder(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'renders' | 'report' | 'wallet'>,
  site: Site,
  orderId: string,
): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, (tx) => claimCancellation(services, tx, orderId, { site }));
  await finishClaimed(services, orderId);
}

/** The tail of a claimed cancellation, now; what Booking.com leaves unanswered the job finishes. */
export async function finishClaimed(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'renders' | 'report' | 'wallet'>,
  orderId: string): Promise<void> {
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
 * cancellation of a booked stay is sent to Booking.com (a refusal is checked against the order's
 * status there, in case an earlier run already cancelled it) and recorded with the voucher in one
 * transaction; gateway payments an unpaid order gave up are closed at their gateways; the
 * customer is e-mailed once.
 */
export async function finishCancellation(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs' | 'owners' | 'portal' | 'renders' | 'report' | 'wallet'>,
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
      // The claim is given up (the booking stays); the refusal is kept for Needs attention.
      await db.update(hotelOrders).set({ cancelRequestedAt: null, cancelRefusedAt: services.clock.now() }).where(eq(hotelOrders.orderId, orderId));
      throw new DomainError('cancellation_refused', `Booking.com refused to cancel ${hotel.portalOrderId}`);
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
    // The fee in force when the cancellation was asked for, not when a retry happens to run;
    // none when finance waived it.
    const scheduleFee = hotel.cancellationFeeWaived ? 0 : cancellationFee(hotel.cancellation, hotel.cancelRequestedAt);
    const settlement = settleCancellation({ paid: paidSoFar(payments), booking: { roomsPrice: hotel.roomsPrice, scheduleFee } });
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
async function mailCancellation(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'renders'>, orderId: string): Promise<void> {
  const { db } = await services.db();
  const [row] = await db.select().from(orders).innerJoin(hotelOrders, eq(hotelOrders.orderId, orders.id)).where(eq(orders.id, orderId));
  if (!row?.hotel_orders.cancelledAt || row.orders.status !== 'CANCELLED_BY_USER') return;
  const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.source, 'compensation'), eq(vouchers.sourceOrderId, orderId)));
  const settlement = {
    paid: paidSoFar(await ownerPayments(db, OWNER_TYPE, orderId)),
    fee: row.hotel_orders.cancellationFee ?? 0,
    booked: row.hotel_orders.bookingStatus === 'CANCELLED',
  };
  const pdf = voucher && (await renderedDocument(services, (await voucherDocument(services, voucher, row.orders)).document, 'job'));
  const attachment = voucher && pdf ? { record: voucher, pdf: pdf.content } : undefined;
  await inTransaction(db, (tx) => sendHotelCancelled(services, tx, row.orders, hotelOrderRecord(row.hotel_orders), settlement, attachment));
}
