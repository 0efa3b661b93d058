import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { VARIANTS, type VariantKey } from '@/lib/variants';
import type { PortalPreview } from '../../booking/portal';
import { paymentTimingOf } from '../../booking/orderability';
import { type BookingFailure, hotelOrders } from '../../db/schema/hotel-orders';
import { orders } from '../../db/schema/orders';
import { inTransaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { AskLater, OutcomeUnknown } from '../../outside/outcome';
import { current } from '../../payments/records';
import { ownerPayments } from '../../payments/transitions';
import type { Services } from '../../services';
import { lockOrder, moveOrder, type OrderRecord } from '../status';
import { bookingAttachments } from './documents';
import { type HotelOrderRecord, sendHotelBooked, sendHotelBookingFailed } from './emails';
import { pricedProducts } from './pricing';
import { hotelOrderRecord } from './record';

/**
 * A create sent this recently may still be on its way: its outcome is not looked up yet (the job
 * is retried later instead), so a slow create and a lookup never race into a second booking.
 */
const CREATE_SETTLE_MS = 90_000;
/** How far around the attempt orders/details is searched for our label. */
const LOOKUP_MARGIN_MS = 15 * 60_000;

/**
 * Job `hotels.book`: the paid order is booked at Booking.com, exactly once. Every step is safe to
 * repeat and to be killed halfway:
 * 1. only an order that is PAID with its booking PENDING goes on;
 * 2. if a create was sent before (the attempt is recorded before sending), its outcome is looked
 *    up by our order id as the label first; found = record it, never create again;
 * 3. Booking.com is asked for a fresh preview; a higher price, sold-out rooms or no way to pay
 *    end the order REFUNDED_AUTOMATICALLY (each payment refunded by its own job);
 * 4. the attempt is recorded, then orders/create is sent (never retried by the client); a
 *    definite refusal (Booking.com's own 4xx) is a failure as in 3; an unknown outcome (5xx, 429,
 *    timeout, server/outside/outcome.ts) is never taken for a refusal: the job runs again and
 *    goes through step 2;
 * 5. the reservation is recorded and the confirmation with the invoice is queued in one
 *    transaction, guarded by the PENDING status.
 */
export async function bookHotelOrder(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'portal' | 'renders'>, orderId: string): Promise<void> {
  const loaded = await load(services, orderId);
  if (!loaded || loaded.order.status !== 'PAID' || loaded.hotel.bookingStatus !== 'PENDING') return;
  const { order, hotel } = loaded;
  const now = services.clock.now();

  if (hotel.bookingAttemptedAt) {
    const settling = CREATE_SETTLE_MS - (now.getTime() - hotel.bookingAttemptedAt.getTime());
    if (settling > 0) throw new AskLater(`booking of ${orderId} was attempted moments ago; its outcome is looked up once it settled`, settling);
    const found = await services.portal.findByLabel(
      orderId,
      { from: new Date(hotel.bookingAttemptedAt.getTime() - LOOKUP_MARGIN_MS), to: new Date(now.getTime() + LOOKUP_MARGIN_MS) },
      order.currency,
    );
    if (found) return recordBooking(services, orderId, found);
  }

  let preview: PortalPreview;
  try {
    preview = await services.portal.preview({
      hotelId: hotel.hotelId,
      checkIn: hotel.stay.checkIn,
      checkOut: hotel.stay.checkOut,
      currency: order.currency,
      bookerCountry: VARIANTS[order.site as VariantKey].country,
      products: hotel.productIds.map((id, i) => ({ id, adults: hotel.allocation[i]!.adults, children: hotel.allocation[i]!.children })),
    });
  } catch (error) {
    const failure = definiteFailure(error);
    if (failure) return failBooking(services, orderId, failure);
    throw error;
  }
  let priced;
  try {
    priced = pricedProducts({ portal: preview, productIds: hotel.productIds, stay: hotel.stay });
  } catch (error) {
    // A room paid for that Booking.com no longer offers (as many times as paid): stop, refund.
    const failure = definiteFailure(error);
    if (failure) return failBooking(services, orderId, failure);
    throw error;
  }
  const price = priced.reduce((sum, p) => sum + p.payOnline, 0);
  if (price > hotel.roomsPrice) return failBooking(services, orderId, 'higher_price_error', price);
  const timing = paymentTimingOf(preview);
  if (!timing) return failBooking(services, orderId, 'booking_failed');

  const { db } = await services.db();
  const [claimed] = await db
    .update(hotelOrders)
    .set({ bookingAttemptedAt: services.clock.now() })
    .where(
      and(
        eq(hotelOrders.orderId, orderId),
        eq(hotelOrders.bookingStatus, 'PENDING'),
        // The attempt this run read (none, or an earlier one whose label was not found): a
        // compare-and-set, so two runs never both send a create.
        hotel.bookingAttemptedAt ? eq(hotelOrders.bookingAttemptedAt, hotel.bookingAttemptedAt) : isNull(hotelOrders.bookingAttemptedAt),
      ),
    )
    .returning();
  // Another run recorded an attempt meanwhile: its outcome is looked up, not doubled.
  if (!claimed) throw new Error(`booking of ${orderId} is being attempted elsewhere`);

  let booking;
  try {
    booking = await services.portal.book({
      token: preview.token,
      label: orderId,
      booker: {
        firstName: order.customer.firstName,
        lastName: order.customer.lastName,
        email: order.customer.email,
        telephone: order.customer.mobile.replace(/\s/g, ''),
        country: order.customer.contactAddress.country,
        city: order.customer.contactAddress.city,
        postCode: order.customer.contactAddress.postalCode,
        addressLine: order.customer.contactAddress.streetAddress,
        language: order.language === 'en' ? 'en-gb' : order.language,
      },
      products: hotel.productIds.map((id) => ({ id, guests: [guestOf(order, hotel)] })),
      timing,
      ...(hotel.noteForHotel ? { remarks: hotel.noteForHotel } : {}),
    });
  } catch (error) {
    const failure = definiteFailure(error);
    // A definite refusal: nothing was booked, so the attempt is forgotten and the money returned.
    if (failure) return failBooking(services, orderId, failure);
    // No answer of Booking.com's own (5xx, 429, timeout): it may have booked. The attempt stays
    // recorded, so the next run looks the order up by our label before anything else, no sooner
    // than Booking.com asked for.
    if (error instanceof OutcomeUnknown && error.retryAfterMs !== undefined) {
      throw new AskLater(`Booking.com asked to wait (${error.message})`, Math.max(CREATE_SETTLE_MS, error.retryAfterMs));
    }
    throw error;
  }
  await recordBooking(services, orderId, { orderId: booking.orderId, reservation: booking.reservation, pincode: booking.pincode });
}

function guestOf(order: OrderRecord, hotel: HotelOrderRecord) {
  const guest = hotel.guest ?? order.customer;
  return { name: `${guest.firstName} ${guest.lastName}`, email: guest.email };
}

/** Booking.com's answers that mean "not booked, and retrying will not change it". */
function definiteFailure(error: unknown): BookingFailure | undefined {
  if (!(error instanceof DomainError)) return undefined;
  if (error.code === 'accommodation_unavailable' || error.code === 'hotel_not_found') return 'accommodation_unavailable';
  if (error.code === 'booking_failed' || error.code === 'card_payment_not_supported' || error.code === 'preview_expired') return 'booking_failed';
  return undefined;
}

async function load(services: Pick<Services, 'db'>, orderId: string) {
  const { db } = await services.db();
  const [row] = await db.select().from(orders).innerJoin(hotelOrders, eq(hotelOrders.orderId, orders.id)).where(eq(orders.id, orderId));
  return row ? { order: row.orders, hotel: hotelOrderRecord(row.hotel_orders) } : undefined;
}

async function recordBooking(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'renders'>,
  orderId: string,
  booking: { orderId: string; reservation: string; pincode: string },
) {
  const { db } = await services.db();
  const loaded = await load(services, orderId);
  if (!loaded) return;
  // The PDFs are made before the transaction: no slow work while rows are locked. They are made
  // from the row as it will be recorded (booking time included), so the order's documents address
  // later serves these same stored renders.
  const bookedAt = services.clock.now();
  const booked = { bookingStatus: 'ACTIVE' as const, portalOrderId: booking.orderId, reservation: booking.reservation, pincode: booking.pincode, bookedAt };
  const attachments = await bookingAttachments(services, loaded.order, { ...loaded.hotel, ...booked });
  await inTransaction(db, async (tx) => {
    const [recorded] = await tx
      .update(hotelOrders)
      .set(booked)
      .where(and(eq(hotelOrders.orderId, orderId), eq(hotelOrders.bookingStatus, 'PENDING')))
      .returning();
    if (!recorded) return;
    await sendHotelBooked(services, tx, loaded.order, hotelOrderRecord(recorded), attachments);
  });
}

/**
 * The order could not be booked: booking status ERROR with the reason (and, for a price rise, the
 * price Booking.com asked), the order REFUNDED_AUTOMATICALLY, a refund job per paid payment
 * (gateway refund, voucher value back, a transfer sent back by the operator) and the e-mail, all
 * in one transaction.
 */
async function failBooking(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs'>, orderId: string, failure: BookingFailure, priceSeen?: number) {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const paymentsNow = current(await ownerPayments(tx, 'hotel_order', orderId, true));
    const order = await lockOrder(tx, orderId);
    if (!order) return;
    const [failed] = await tx
      .update(hotelOrders)
      .set({ bookingStatus: 'ERROR', bookingFailure: failure, bookingPriceSeen: priceSeen ?? null })
      .where(and(eq(hotelOrders.orderId, orderId), eq(hotelOrders.bookingStatus, 'PENDING')))
      .returning();
    if (!failed) return;
    const moved = await moveOrder(services, tx, order, 'REFUNDED_AUTOMATICALLY', failure);
    if (!moved) throw new Error(`order ${orderId} could not move to REFUNDED_AUTOMATICALLY from ${order.status}`);
    const paid = paymentsNow.filter((p) => p.status === 'PAID');
    for (const payment of paid) {
      await services.jobs.send('payments.refund', { paymentId: payment.id, reason: failure }, { tx, singletonKey: payment.id });
    }
    await sendHotelBookingFailed(services, tx, moved, hotelOrderRecord(failed), failure, paid);
  });
}

/**
 * Sweep `hotels.book-sweep`: a paid order whose booking job was lost (its retries exhausted while
 * Booking.com was down) is queued again; the job itself decides whether anything is left to do.
 */
export async function resumePendingBookings(services: Pick<Services, 'db' | 'jobs'>): Promise<number> {
  const { db } = await services.db();
  const pending = await db.select({ id: hotelOrders.orderId }).from(hotelOrders).where(eq(hotelOrders.bookingStatus, 'PENDING')).limit(100);
  for (const { id } of pending) await services.jobs.send('hotels.book', { orderId: id }, { singletonKey: id });
  return pending.length;
}
