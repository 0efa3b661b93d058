import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { PaymentStatus } from '@/gen/dzb/v1/payment_pb';
import { sandboxBookingOrders } from '@/sandbox/booking/schema';
import { vouchers } from '@/server/db/schema/vouchers';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { refundPayment } from '@/server/payments/refunds';
import { databaseKinds } from '../support/databases';
import { CZECH, errorCode, type Shop } from '../support/shop';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer, type PortalProbe, STAY } from './support';

describe.each(databaseKinds())('a hotel order against the Booking.com simulator, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  /** What Booking.com holds under our order id. */
  const atBooking = (orderId: string) => shop.handle.db.select().from(sandboxBookingOrders).where(eq(sandboxBookingOrders.label, orderId));

  const detail = async (orderId: string) => {
    const { order } = await shop.ctx.client('cz').orderDetail({ productVariant: CZECH, orderId: { id: orderId } });
    if (order.case !== 'hotelOrder') throw new Error('not a hotel order');
    return order.value;
  };

  it('reads a pasted link, and asks Booking.com once for fifty identical availability questions', async () => {
    const api = shop.ctx.client('cz');
    const parsed = await api.hotelParseUrl({
      productVariant: CZECH,
      url: `https://www.booking.com/hotel/cz/${HOTELS.prague.slug}.cs.html?checkin=${STAY.checkIn}&checkout=${STAY.checkOut}&group_adults=3&no_rooms=1&group_children=1&age=7`,
    });
    expect(parsed.hotelRequest).toMatchObject({ hotelId: { id: HOTELS.prague.id }, ...STAY, rooms: 1, adults: 3, childrenAges: [7] });
    const ask = () =>
      api.hotelAvailability({
        productVariant: CZECH,
        lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: HOTELS.prague.id }, ...STAY, rooms: 1, adults: 2 } } },
      });
    const answers = await Promise.all(Array.from({ length: 50 }, ask));
    expect(shop.probe.availabilityCalls).toBe(1);
    expect(new Set(answers.map((a) => a.availabilityId?.id)).size).toBe(1);
    expect(answers[0]!.hotelAvailability!.rooms.length).toBeGreaterThan(0);
    // Photos of the hotel and of every room, as the simulator's details answer lists them.
    expect(answers[0]!.hotelDetail!.photos!.others.length).toBeGreaterThan(0);
    for (const room of answers[0]!.hotelAvailability!.rooms) expect(room.photos[0]?.standardUrl).toMatch(/^https?:\/\//);
  });

  it('shows the hotel of a link without dates, and leaves out dates that have passed', async () => {
    const api = shop.ctx.client('cz');
    const link = `https://www.booking.com/hotel/cz/${HOTELS.prague.slug}.cs.html`;
    const bare = await api.hotelParseUrl({ productVariant: CZECH, url: link });
    expect(bare.hotelDetail).toMatchObject({ hotelId: { id: HOTELS.prague.id }, name: expect.stringMatching(/\S/) });
    expect(bare.datesPassed).toBe(false);
    const old = await api.hotelParseUrl({ productVariant: CZECH, url: `${link}?checkin=2026-10-01&checkout=2026-10-03&group_adults=3` });
    expect(old.datesPassed).toBe(true);
    expect(old.hotelRequest).toMatchObject({ hotelId: { id: HOTELS.prague.id }, checkIn: '', checkOut: '', adults: 3 });
    expect(old.hotelDetail?.name).toBe(bare.hotelDetail?.name);
    // With dates the availability answer brings the hotel: the link alone does not ask for it.
    const dated = await api.hotelParseUrl({ productVariant: CZECH, url: `${link}?checkin=${STAY.checkIn}&checkout=${STAY.checkOut}` });
    expect(dated.hotelDetail).toBeUndefined();
  });

  it('books only after the money arrived, once however often the job runs, and cancels into one voucher', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    expect(order.status).toBe(OrderStatus.WAITING);
    expect(order.booking?.bookingStatus).toBe(BookingStatus.NOT_ORDERED);
    // Unpaid: the booking job does nothing.
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    expect((await detail(order.orderId!.id)).booking?.bookingStatus).toBe(BookingStatus.NOT_ORDERED);

    await payByTransfer(shop, order);
    expect((await detail(order.orderId!.id)).booking?.bookingStatus).toBe(BookingStatus.PENDING);
    await Promise.all([bookHotelOrder(shop.ctx.services, order.orderId!.id), bookHotelOrder(shop.ctx.services, order.orderId!.id)].map((run) => run.catch(() => undefined)));
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    const booked = await detail(order.orderId!.id);
    expect(booked.status).toBe(OrderStatus.PAID);
    expect(booked.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    expect(booked.reservation).toMatch(/^\d+$/);
    expect(booked.cancellable).toBe(true);
    const found = await shop.ctx.services.portal.findByLabel(order.orderId!.id, { from: new Date('2026-11-22T09:00:00Z'), to: new Date('2026-11-22T11:00:00Z') }, 'CZK');
    expect(found?.reservation).toBe(booked.reservation);
    expect(await atBooking(order.orderId!.id)).toHaveLength(1);
    const id = order.orderId!.id;
    const bookedMails = (await shop.outbox()).filter((m) => m.eventKey === `hotel-booked:${id}`);
    expect(bookedMails).toHaveLength(1);
    expect(bookedMails[0]!.attachments).toEqual([`invoice-${order.orderNumber}.pdf`, `booking-${order.orderNumber}.pdf`]);

    const api = shop.ctx.client('cz');
    const cancels = await Promise.all([0, 1].map(() => errorCode(api.orderCancel({ productVariant: CZECH, orderId: order.orderId }))));
    expect(cancels.filter((c) => c === 'ok')).toHaveLength(1);
    const cancelled = await detail(order.orderId!.id);
    expect(cancelled.status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect(cancelled.booking?.bookingStatus).toBe(BookingStatus.CANCELLED);
    const issued = await shop.handle.db.select().from(vouchers).where(eq(vouchers.sourceOrderId, order.orderId!.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]!.total).toBeGreaterThan(0);
    expect(await errorCode(api.orderCancel({ productVariant: CZECH, orderId: order.orderId }))).toBe('order_not_cancellable');
    const cancelMails = (await shop.outbox()).filter((m) => m.eventKey === `hotel-cancelled:${id}`);
    expect(cancelMails).toHaveLength(1);
    expect(cancelMails[0]!.attachments).toEqual([`voucher-${issued[0]!.code}.pdf`]);
  });

  it('finds a booking whose answer was lost by its label instead of booking twice', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    shop.probe.loseNextCreateAnswer = true;
    await expect(bookHotelOrder(shop.ctx.services, order.orderId!.id)).rejects.toThrow('socket hang up');
    expect((await detail(order.orderId!.id)).booking?.bookingStatus).toBe(BookingStatus.PENDING);
    // Straight away the create may still be on its way: the job is retried later.
    await expect(bookHotelOrder(shop.ctx.services, order.orderId!.id)).rejects.toThrow();
    shop.ctx.setNow(new Date('2026-11-22T10:05:00Z'));
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    const booked = await detail(order.orderId!.id);
    expect(booked.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    const found = await shop.ctx.services.portal.findByLabel(order.orderId!.id, { from: new Date('2026-11-22T09:00:00Z'), to: new Date('2026-11-22T11:00:00Z') }, 'CZK');
    expect(found?.reservation).toBe(booked.reservation);
    expect(await atBooking(order.orderId!.id)).toHaveLength(1);
  });

  it.each([
    ['refuses every create', HOTELS.createFails, 'booking_failed'],
    ['costs more at booking time', HOTELS.priceSurge, 'higher_price_error'],
  ] as const)('returns the money when the hotel %s', async (_, hotel, failure) => {
    const { order } = await orderByTransfer(shop, hotel);
    await payByTransfer(shop, order);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    const failed = await detail(order.orderId!.id);
    expect(failed.status).toBe(OrderStatus.REFUNDED_AUTOMATICALLY);
    expect(failed.booking?.bookingStatus).toBe(BookingStatus.ERROR);
    expect(failed.bookingFailure).toBe(failure);
    expect(await atBooking(order.orderId!.id)).toHaveLength(0);
    const paymentId = failed.payments[0]!.paymentId!.id;
    await refundPayment(shop.ctx.services, paymentId, failure);
    await refundPayment(shop.ctx.services, paymentId, failure);
    expect((await detail(order.orderId!.id)).payments[0]?.status).toBe(PaymentStatus.REFUNDED);
  });

  it('shows a booked stay as completed from its check-out day in Prague, not in UTC', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    // 23:30 in Prague on the last night: still staying.
    shop.ctx.setNow(new Date(Date.parse(`${STAY.checkOut}T00:00:00+01:00`) - 30 * 60_000));
    expect((await detail(order.orderId!.id)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    // 00:30 in Prague on the check-out day, still the day before in UTC: completed.
    shop.ctx.setNow(new Date(Date.parse(`${STAY.checkOut}T00:00:00+01:00`) + 30 * 60_000));
    expect((await detail(order.orderId!.id)).booking?.bookingStatus).toBe(BookingStatus.COMPLETED);
  });
});

