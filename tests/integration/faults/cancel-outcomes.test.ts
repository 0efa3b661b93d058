import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { sandboxBookingOrders } from '@/sandbox/booking/schema';
import { vouchers } from '@/server/db/schema/vouchers';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { finishCancellation } from '@/server/orders/hotel/cancel';
import { HOTELS, orderByTransfer, payByTransfer } from '../hotel-orders/support';
import { databaseKinds } from '../support/databases';
import { type Fault, type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, errorCode, openShop, type Shop } from '../support/shop';

/**
 * Booking.com's orders/cancel behind a faulty network: a cancellation without Booking.com's own
 * answer is checked against the order at Booking.com; one that did not happen stays claimed and is
 * finished by the job. Either way: one cancel at Booking.com, one compensation voucher, one e-mail.
 */
describe.each(databaseKinds())('cancelling a booking through faults, on %s', (kind) => {
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

  const detail = async (orderId: string) =>
    (await shop.ctx.client('cz').orderDetail({ productVariant: CZECH, orderId: { id: orderId } })).order.value as { status: OrderStatus; booking?: { bookingStatus: BookingStatus } };
  const atBooking = async (orderId: string) => (await shop.handle.db.select().from(sandboxBookingOrders).where(eq(sandboxBookingOrders.label, orderId)))[0];
  const compensations = (orderId: string) => shop.handle.db.select().from(vouchers).where(eq(vouchers.sourceOrderId, orderId));

  async function bookedOrder() {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    expect(await detail(order.orderId!.id)).toMatchObject({ booking: { bookingStatus: BookingStatus.ACTIVE } });
    return order.orderId!.id;
  }

  it.each([
    ['a 502 after Booking.com cancelled', { kind: 'status-after', status: 502 }],
    ['a connection cut after Booking.com cancelled', { kind: 'drop-after' }],
  ] as [string, Fault][])('%s: the order at Booking.com is asked, and the cancellation recorded once', async (_, fault) => {
    const orderId = await bookedOrder();
    proxy.arm('/orders/cancel', fault);
    expect(await errorCode(shop.ctx.client('cz').orderCancel({ productVariant: CZECH, orderId: { id: orderId } }))).toBe('ok');
    await finishCancellation(shop.ctx.services, orderId);
    await expectCancelledOnce(orderId);
  });

  it.each([
    ['a 429', { kind: 'too-many', retryAfterSeconds: 60 }],
    ['a reset before anything was sent', { kind: 'reset' }],
  ] as [string, Fault][])('%s: the visitor is told it is in progress, and the job finishes it once', async (_, fault) => {
    const orderId = await bookedOrder();
    proxy.arm('/orders/cancel', fault);
    expect(await errorCode(shop.ctx.client('cz').orderCancel({ productVariant: CZECH, orderId: { id: orderId } }))).toBe('request_in_progress');
    // Nothing is recorded yet: no voucher for a stay that still stands.
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.ACTIVE } });
    expect(await compensations(orderId)).toHaveLength(0);
    expect((await atBooking(orderId))?.status).toBe('booked');
    // A second click while it is claimed changes nothing.
    expect(await errorCode(shop.ctx.client('cz').orderCancel({ productVariant: CZECH, orderId: { id: orderId } }))).toBe('request_in_progress');

    await finishCancellation(shop.ctx.services, orderId);
    await finishCancellation(shop.ctx.services, orderId);
    await expectCancelledOnce(orderId);
  });

  async function expectCancelledOnce(orderId: string) {
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.CANCELLED_BY_USER, booking: { bookingStatus: BookingStatus.CANCELLED } });
    expect((await atBooking(orderId))?.status).toMatch(/^cancelled/);
    expect(await compensations(orderId)).toHaveLength(1);
    expect((await shop.outbox()).filter((m) => m.eventKey === `hotel-cancelled:${orderId}`)).toHaveLength(1);
    // Booking.com received one cancel: a lost answer is asked about, not repeated.
    expect(proxy.forwarded.filter((p) => p.endsWith('/orders/cancel'))).toHaveLength(1);
  }
});
