import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { sandboxBookingOrders } from '@/sandbox/booking/schema';
import { payments } from '@/server/db/schema/payments';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { AskLater } from '@/server/outside/outcome';
import { HOTELS, orderByTransfer, payByTransfer } from '../hotel-orders/support';
import { databaseKinds } from '../support/databases';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { CZECH, openShop, type Shop } from '../support/shop';

/**
 * Booking.com's orders/create behind a faulty network: the site must never take an answer that is
 * not Booking.com's own for a refusal (and refund a stay that was booked), nor book twice.
 */
describe.each(databaseKinds())('booking through faults, on %s', (kind) => {
  let shop: Shop;
  let proxy: FaultProxy;
  beforeEach(async () => {
    proxy = await startFaultProxy();
    shop = await openShop(kind, { BOOKING_API_URL: `${proxy.url}/sandbox/booking/demand-api/3.1` });
    proxy.target = shop.sandbox.url;
  });
  afterEach(async () => {
    await shop.close();
    await proxy.close();
  });

  const detail = async (orderId: string) => (await shop.ctx.client('cz').orderDetail({ productVariant: CZECH, orderId: { id: orderId } })).order.value as {
    status: OrderStatus;
    booking?: { bookingStatus: BookingStatus };
  };
  const atBooking = (orderId: string) => shop.handle.db.select().from(sandboxBookingOrders).where(eq(sandboxBookingOrders.label, orderId));
  const refunds = async (orderId: string) => (await shop.handle.db.select().from(payments).where(eq(payments.ownerId, orderId))).filter((p) => p.status === 'REFUNDED');

  async function paidOrder() {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    return order.orderId!.id;
  }

  it.each([
    ['a 502 after Booking.com booked', { kind: 'status-after', status: 502 } as const],
    ['a connection cut after Booking.com booked', { kind: 'drop-after' } as const],
  ])('%s is an unknown outcome: no refund, the booking is found by our label and recorded once', async (_, fault) => {
    const orderId = await paidOrder();
    proxy.arm('/orders/create', fault);
    await expect(bookHotelOrder(shop.ctx.services, orderId)).rejects.toThrow(/outcome unknown/);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.PENDING } });
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await atBooking(orderId)).toHaveLength(1);

    shop.ctx.setNow(new Date('2026-11-22T10:05:00Z'));
    await bookHotelOrder(shop.ctx.services, orderId);
    await bookHotelOrder(shop.ctx.services, orderId);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.ACTIVE } });
    expect(await atBooking(orderId)).toHaveLength(1);
    expect(proxy.forwarded.filter((p) => p.endsWith('/orders/create'))).toHaveLength(1);
  });

  it('a 429 is not a refusal: the booking waits for Retry-After, then is made once', async () => {
    const orderId = await paidOrder();
    proxy.arm('/orders/create', { kind: 'too-many', retryAfterSeconds: 300 });
    // The job asks the queue to bring it back after Retry-After (the queue's part: jobs.test.ts).
    const asked = await bookHotelOrder(shop.ctx.services, orderId).catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(AskLater);
    expect((asked as AskLater).retryAfterMs).toBe(300_000);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.PENDING } });
    expect(await refunds(orderId)).toHaveLength(0);

    shop.ctx.setNow(new Date('2026-11-22T10:06:00Z'));
    await bookHotelOrder(shop.ctx.services, orderId);
    expect(await detail(orderId)).toMatchObject({ booking: { bookingStatus: BookingStatus.ACTIVE } });
    expect(await atBooking(orderId)).toHaveLength(1);
  });

  it('a refusal in Booking.com’s own words is definite: the money goes back', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.createFails);
    await payByTransfer(shop, order);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    expect(await detail(order.orderId!.id)).toMatchObject({ status: OrderStatus.REFUNDED_AUTOMATICALLY, booking: { bookingStatus: BookingStatus.ERROR } });
    expect(await atBooking(order.orderId!.id)).toHaveLength(0);
  });

  it('Booking.com out of service at booking time is no refusal, whatever its error is called: the booking is tried again and made once', async () => {
    const orderId = await paidOrder();
    // Its own error body, but a 503: the id says the service is unavailable, not the room.
    proxy.arm('/orders/preview', { kind: 'answer-instead', status: 503, json: { errors: [{ id: 'service_unavailable', message: 'Service temporarily unavailable' }], request_id: 'r-503' } });
    await expect(bookHotelOrder(shop.ctx.services, orderId)).rejects.toMatchObject({ code: 'request_failed' });
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.PENDING } });
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await atBooking(orderId)).toHaveLength(0);

    await bookHotelOrder(shop.ctx.services, orderId);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.ACTIVE } });
    expect(await atBooking(orderId)).toHaveLength(1);
  });

  it('a room paid for that Booking.com no longer offers at booking time stops the booking: nothing is booked, the money goes back', async () => {
    const orderId = await paidOrder();
    // Booking.com's fresh preview no longer has the product that was paid for.
    proxy.arm('/orders/preview', {
      kind: 'rewrite',
      change: (body) => {
        const answer = body as { data: { accommodation: { products: unknown[] } } };
        answer.data.accommodation.products = [];
        return answer;
      },
    });
    await bookHotelOrder(shop.ctx.services, orderId);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.REFUNDED_AUTOMATICALLY, booking: { bookingStatus: BookingStatus.ERROR } });
    expect(await atBooking(orderId)).toHaveLength(0);
    expect(proxy.forwarded.filter((p) => p.endsWith('/orders/create'))).toHaveLength(0);
  });
});
