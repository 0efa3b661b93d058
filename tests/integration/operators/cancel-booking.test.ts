import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { operatorAudit } from '@/server/db/schema/operators';
import { needsAttention } from '@/server/operators/attention';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { finishCancellation } from '@/server/orders/hotel/cancel';
import { importBankTransfers } from '@/server/payments/bank-import';
import { atBooking, compensations, detail, hotelRow, mails, paymentOf, placeOrder } from '../hotel-orders/cancellation-support';
import { openHotelShop, type PortalProbe } from '../hotel-orders/support';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';

/**
 * Finance cancels a customer's stay from the console: the customer's own cancellation (claim,
 * Booking.com, compensation voucher, e-mail), with the rate's fee or with it waived; the waiver
 * holds for the saga's retries; support may not.
 */
describe.each(databaseKinds())('a booking cancelled in the console, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  /** A non-refundable stay (the fee is the rooms' price) paid by transfer and booked. */
  async function bookedNonRefundable() {
    const { orderId, total } = await placeOrder(shop, { lastPayment: { methodId: { id: 'transfer' } } }, { rate: 'nonRefundable' });
    const transfer = await paymentOf(shop, orderId, 'transfer');
    await shop.transfer(transfer.variableSymbol!, transfer.amount);
    await importBankTransfers(shop.ctx.services);
    await bookHotelOrder(shop.ctx.services, orderId);
    const booked = await detail(shop, orderId);
    expect(booked.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    return { orderId, number: booked.orderNumber, total, roomsPrice: (await hotelRow(shop, orderId)).roomsPrice };
  }

  it('cancels with the fee waived: the voucher is everything paid, and the customer gets the usual e-mail; support may not', async () => {
    const { orderId, number, total } = await bookedNonRefundable();
    const form = `/console/orders/cancel?number=${number}`;
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request(`/console/orders?number=${number}`)).text()).not.toContain(form);
    expect((await support.request(form)).status).toBe(403);
    expect((await support.submit('/console/orders/cancel', { number, order: orderId, nonce: crypto.randomUUID(), waive: 'yes', reason: 'Please.' })).status).toBe(403);
    expect((await detail(shop, orderId)).status).toBe(OrderStatus.PAID);

    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    expect(await (await finance.request(`/console/orders?number=${number}`)).text()).toContain(form);
    const page = await (await finance.request(form)).text();
    expect(page).toContain('none (non-refundable rate)');
    expect(page).toContain('Waive the fee of');
    const fields = await finance.hiddenFields(form);
    expect(Object.keys(fields)).toEqual(['number', 'order', 'nonce']);
    expect((await finance.submit('/console/orders/cancel', { ...fields, waive: 'yes', reason: '' })).status).toBe(400);
    expect(await atBooking(shop, orderId)).toMatchObject([{ status: 'booked' }]);

    const done = await finance.submit('/console/orders/cancel', { ...fields, waive: 'yes', reason: 'The hotel called: a burst pipe closes it that week.' });
    expect([done.status, done.headers.get('location')]).toEqual([303, `/console/orders?number=${number}&cancelled`]);
    expect((await finance.submit('/console/orders/cancel', { ...fields, waive: 'yes', reason: 'Sent twice.' })).status).toBe(303);
    const cancelled = await detail(shop, orderId);
    expect(cancelled.status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect((await atBooking(shop, orderId))[0]!.status).toMatch(/^cancelled/);
    const [voucher] = await compensations(shop, orderId);
    expect(voucher!.total).toBe(total);
    expect(await hotelRow(shop, orderId)).toMatchObject({ cancellationFeeWaived: true, cancellationFee: 0 });
    expect(await mails(shop, `hotel-cancelled:${orderId}`)).toHaveLength(1);
    const entries = await shop.handle.db.select({ reason: operatorAudit.reason, after: operatorAudit.after }).from(operatorAudit).where(eq(operatorAudit.action, 'booking-cancelled'));
    expect(entries).toEqual([{ reason: 'The hotel called: a burst pipe closes it that week.', after: expect.objectContaining({ feeWaived: true, fee: 0, voucher: total }) }]);
    const orderPage = await (await finance.request(`/console/orders?number=${number}&cancelled`)).text();
    expect(orderPage).toContain('Booking cancelled: the customer');
    expect(orderPage).toContain('finance@example.cz: booking-cancelled (“The hotel called: a burst pipe closes it that week.”)');
    expect(orderPage).not.toContain(form);
    expect((await finance.request(form)).status).toBe(409);
  });

  it('cancels with the fee, and a waiver asked for is kept when Booking.com answers only on the retry', async () => {
    const charged = await bookedNonRefundable();
    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    await finance.submit('/console/orders/cancel', { ...(await finance.hiddenFields(`/console/orders/cancel?number=${charged.number}`)), reason: 'The customer cancelled by phone.' });
    const [kept] = await compensations(shop, charged.orderId);
    // The fee is the rooms' price: what was paid above it comes back.
    expect(kept?.total ?? 0).toBe(Math.max(0, charged.total - charged.roomsPrice));
    expect(await hotelRow(shop, charged.orderId)).toMatchObject({ cancellationFeeWaived: false, cancellationFee: charged.roomsPrice });
    // Finance decided on the fee: nothing is left for Needs attention.
    expect(await needsAttention(shop.ctx.services)).toEqual([]);

    const waived = await bookedNonRefundable();
    const fields = await finance.hiddenFields(`/console/orders/cancel?number=${waived.number}`);
    // Booking.com's answer to the first cancel never comes: the claim stays for the job.
    const real = shop.ctx.services.portal.cancel;
    shop.ctx.services.portal.cancel = async () => {
      const { OutcomeUnknown } = await import('@/server/outside/outcome');
      throw new OutcomeUnknown('booking', 'orders/cancel', 'timed out');
    };
    const asked = await finance.submit('/console/orders/cancel', { ...fields, waive: 'yes', reason: 'Goodwill: a family emergency.' });
    expect(asked.headers.get('location')).toBe(`/console/orders?number=${waived.number}&cancelling`);
    expect((await detail(shop, waived.orderId)).status).toBe(OrderStatus.PAID);
    shop.ctx.services.portal.cancel = real;
    await finishCancellation(shop.ctx.services, waived.orderId);
    expect((await detail(shop, waived.orderId)).status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect((await compensations(shop, waived.orderId))[0]!.total).toBe(waived.total);
  });
});
