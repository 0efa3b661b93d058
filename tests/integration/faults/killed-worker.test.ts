import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { sandboxBookingOrders } from '@/sandbox/booking/schema';
import { hotelOrders } from '@/server/db/schema/hotel-orders';
import { payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { finishCancellation } from '@/server/orders/hotel/cancel';
import { refundPayment } from '@/server/payments/refunds';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { HOTELS, orderByTransfer, payByTransfer } from '../hotel-orders/support';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * A worker killed (SIGKILL) in the worst moment of each saga step: right after the outside system
 * did the work and before the worker recorded it. The job's next run (as pg-boss runs it again
 * once the killed run's lease expires) finishes the step once: one reservation, one cancellation,
 * one refund. The worker is a process of its own on the same database, so this runs on
 * PostgreSQL only: PGlite lives inside one process and would die with it.
 */
describe.runIf(process.env.DATABASE_URL)('a worker killed in the middle of a saga step, on postgres', () => {
  let shop: Shop;
  let proxy: FaultProxy;
  let env: Record<string, string>;
  beforeEach(async () => {
    proxy = await startFaultProxy();
    env = {
      BOOKING_API_URL: `${proxy.url}/sandbox/booking/demand-api/3.1`,
      CSOB_API_URL: `${proxy.url}/sandbox/gateways/csob/api/v1.9`,
    };
    shop = await openShop('postgres', env);
    proxy.target = shop.sandbox.url;
  });
  afterEach(async () => {
    await shop.close();
    await proxy.close();
  });

  /** Runs one job in a worker process that is killed once its call to `killOn` reached the system. */
  async function killedWhileRunning(job: string, data: Record<string, string>, ...killOn: string[]): Promise<NodeJS.Signals | null> {
    // Node itself with tsx as a loader, not the tsx command: that one runs the script in a child
    // process of its own, which a SIGKILL to the command would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './server/node-hooks.mjs', 'tests/integration/support/job-process.mts'], {
      env: {
        ...process.env,
        ...env,
        APP_ENV: 'test',
        PORT: new URL(shop.sandbox.url).port,
        DATABASE_URL: (shop.database.options as { databaseUrl: string }).databaseUrl,
        CLOCK_NOW: shop.ctx.services.clock.now().toISOString(),
        JOB_NAME: job,
        JOB_DATA: JSON.stringify(data),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)));
    const kill = async () => {
      child.kill('SIGKILL');
      await ended;
    };
    for (const path of killOn) proxy.arm(path, { kind: 'hook-after', hook: kill });
    return ended;
  }
  const later = (minutes: number) => shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + minutes * 60_000));
  const detail = async (orderId: string) =>
    (await shop.ctx.client('cz').orderDetail({ productVariant: CZECH, orderId: { id: orderId } })).order.value as { status: OrderStatus; booking?: { bookingStatus: BookingStatus } };
  const atBooking = (orderId: string) => shop.handle.db.select().from(sandboxBookingOrders).where(eq(sandboxBookingOrders.label, orderId));

  it('hotels.book: killed after Booking.com booked, the next run finds the booking and records it once', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    const orderId = order.orderId!.id;
    expect(await killedWhileRunning('hotels.book', { orderId }, '/orders/create')).toBe('SIGKILL');
    expect(await atBooking(orderId)).toHaveLength(1);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.PENDING } });

    later(5);
    await bookHotelOrder(shop.ctx.services, orderId);
    await bookHotelOrder(shop.ctx.services, orderId);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.PAID, booking: { bookingStatus: BookingStatus.ACTIVE } });
    expect(await atBooking(orderId)).toHaveLength(1);
    expect(proxy.forwarded.filter((p) => p.endsWith('/orders/create'))).toHaveLength(1);
  });

  it('hotels.cancel: killed after Booking.com cancelled, the next run records one cancellation and one voucher', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    const orderId = order.orderId!.id;
    await bookHotelOrder(shop.ctx.services, orderId);
    // The visitor's cancellation was claimed; its inline finish was interrupted, the job takes over.
    await shop.handle.db.update(hotelOrders).set({ cancelRequestedAt: shop.ctx.services.clock.now() }).where(eq(hotelOrders.orderId, orderId));
    expect(await killedWhileRunning('hotels.cancel', { orderId }, '/orders/cancel')).toBe('SIGKILL');
    expect((await atBooking(orderId))[0]!.status).toMatch(/^cancelled/);
    expect(await detail(orderId)).toMatchObject({ booking: { bookingStatus: BookingStatus.ACTIVE } });

    later(5);
    await finishCancellation(shop.ctx.services, orderId);
    await finishCancellation(shop.ctx.services, orderId);
    expect(await detail(orderId)).toMatchObject({ status: OrderStatus.CANCELLED_BY_USER, booking: { bookingStatus: BookingStatus.CANCELLED } });
    expect(await shop.handle.db.select().from(vouchers).where(eq(vouchers.sourceOrderId, orderId))).toHaveLength(1);
    // The next run sends the cancel again (it cannot know the first arrived), Booking.com refuses
    // it as already cancelled, and the run confirms that from the order's status there.
    expect(proxy.forwarded.filter((p) => p.endsWith('/orders/cancel'))).toHaveLength(2);
  });

  // ČSOB sends no notifications: only the next run can find out that the money went back.
  it('payments.refund: killed after ČSOB returned the money, the next run asks and records it once', async () => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } }, order: ORDER_FORM });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/csob/payments/${encodeURIComponent(payment!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    later(2);
    await reconcileWaitingPayments(shop.ctx.services);
    // ČSOB returns an unsettled card payment by reversing it, a settled one by refunding it.
    expect(await killedWhileRunning('payments.refund', { paymentId: payment!.id, reason: 'test' }, '/payment/reverse', '/payment/refund')).toBe('SIGKILL');
    const [between] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(between).toMatchObject({ status: 'PAID' });
    expect(between!.refundClaimedAt).not.toBeNull();

    // The killed run's claim holds until its lease ends; then the next run asks the gateway.
    await expect(refundPayment(shop.ctx.services, payment!.id, 'test')).rejects.toThrow(/claimed by another run/);
    expect((await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status).toBe('PAID');
    later(10);
    await refundPayment(shop.ctx.services, payment!.id, 'test');
    await refundPayment(shop.ctx.services, payment!.id, 'test');
    const [after] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after).toMatchObject({ status: 'REFUNDED', refundedAmount: payment!.amount });
    expect(proxy.forwarded.filter((p) => p.endsWith('/payment/reverse') || p.endsWith('/payment/refund'))).toHaveLength(1);
  });
});
