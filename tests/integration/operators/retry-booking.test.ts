import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hotelOrders } from '@/server/db/schema/hotel-orders';
import { operatorAudit } from '@/server/db/schema/operators';
import { needsAttention } from '@/server/operators/attention';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer, type PortalProbe } from '../hotel-orders/support';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';

describe.each(databaseKinds())('a booking tried again from the console, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  it('queues the booking job once per form for a stay whose outcome is unknown, and the job records the booking made', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, order);
    // Booking.com makes the booking, but its answer is lost: the outcome is unknown.
    shop.probe.loseNextCreateAnswer = true;
    await expect(bookHotelOrder(shop.ctx.services, order.orderId!.id)).rejects.toThrow('socket hang up');
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 31 * 60_000));
    expect((await needsAttention(shop.ctx.services)).map((item) => item.kind)).toEqual(['booking_unknown']);

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const orderPage = `/console/orders?number=${order.orderNumber}`;
    expect(await (await support.request(orderPage)).text()).toContain(`<dd>PENDING <a href="/console/orders/retry?number=${order.orderNumber}">Try the booking again</a></dd>`);
    const fields = await support.hiddenFields(`/console/orders/retry?number=${order.orderNumber}`);
    expect((await support.submit('/console/orders/retry', { ...fields, reason: '' })).status).toBe(400);
    const asked = await support.submit('/console/orders/retry', { ...fields, reason: 'Booking.com is answering again.' });
    expect([asked.status, asked.headers.get('location')]).toEqual([303, `${orderPage}&retried`]);
    expect((await support.submit('/console/orders/retry', { ...fields, reason: 'Twice.' })).status).toBe(303);
    expect(await shop.handle.db.select({ reason: operatorAudit.reason }).from(operatorAudit).where(eq(operatorAudit.action, 'booking-retried'))).toEqual([
      { reason: 'Booking.com is answering again.' },
    ]);
    const queued = await shop.handle.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'hotels.book' AND singleton_key = ${order.orderId!.id}`);
    expect(Number((queued as unknown as { rows: { n: string | number }[] }).rows[0]!.n)).toBeGreaterThanOrEqual(1);

    // The worker runs the job: it finds the booking Booking.com made and records it, once.
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    const [booked] = await shop.handle.db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.orderId!.id));
    expect(booked!.bookingStatus).toBe('ACTIVE');
    expect(await needsAttention(shop.ctx.services)).toEqual([]);
    const page = await (await support.request(`${orderPage}&retried`)).text();
    expect(page).toContain('The booking is being tried again: the timeline shows the outcome.');
    expect(page).toContain(`Booked at Booking.com, reservation ${booked!.reservation}`);
    expect(page).toContain('support@example.cz: booking-retried (“Booking.com is answering again.”)');
    expect((await support.submit('/console/orders/retry', { ...fields, nonce: crypto.randomUUID(), reason: 'Again.' })).status).toBe(409);
  });
});
