import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { needsAttention } from '@/server/operators/attention';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { finishCancellation } from '@/server/orders/hotel/cancel';
import { OutcomeUnknown } from '@/server/outside/outcome';
import { importBankTransfers } from '@/server/payments/bank-import';
import { refundPayment } from '@/server/payments/refunds';
import { cancel, compensations, detail, hotelRow, paymentOf, placeOrder } from '../hotel-orders/cancellation-support';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer, type PortalProbe } from '../hotel-orders/support';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';

/**
 * The needs-attention kinds the booking and cancellation sagas leave: a price rise at booking time
 * (with the old and the new price), and cancellations after the free-cancellation deadline (the
 * fee kept, or Booking.com refusing), each made through the real flows.
 */
describe.each(databaseKinds())('what the sagas leave for a person, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  async function booked(rate: 'refundable' | 'nonRefundable', hotel: (typeof HOTELS)[keyof typeof HOTELS] = HOTELS.prague) {
    const { orderId, total } = await placeOrder(shop, { lastPayment: { methodId: { id: 'transfer' } } }, { rate, hotel });
    const transfer = await paymentOf(shop, orderId, 'transfer');
    await shop.transfer(transfer.variableSymbol!, transfer.amount);
    await importBankTransfers(shop.ctx.services);
    await bookHotelOrder(shop.ctx.services, orderId);
    const order = await detail(shop, orderId);
    expect(order.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    return { orderId, number: order.orderNumber, total };
  }

  it('lists a price rise at booking time apart from other failed bookings, with the old and the new price', async () => {
    // Hotel Motława costs 10 % more at every further preview: the booking job meets a higher price.
    const { order } = await orderByTransfer(shop, HOTELS.priceSurge);
    await payByTransfer(shop, order);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    await refundPayment(shop.ctx.services, (await paymentOf(shop, order.orderId!.id, 'transfer')).id, 'higher_price_error');
    const row = await hotelRow(shop, order.orderId!.id);
    expect(row).toMatchObject({ bookingStatus: 'ERROR', bookingFailure: 'higher_price_error' });
    expect(row.bookingPriceSeen).toBeGreaterThan(row.roomsPrice);
    const items = await needsAttention(shop.ctx.services);
    expect(items.map((item) => item.kind)).toEqual(['price_rise', 'transfer_send_back']);
    expect(items[0]).toMatchObject({ id: order.orderId!.id, orderNumber: order.orderNumber, facts: { paidPrice: row.roomsPrice, newPrice: row.bookingPriceSeen, currency: 'CZK' } });

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const home = await (await support.request('/console')).text();
    expect(home).toMatch(/At booking time the rooms cost CZK\s[\d,.]+ instead of the CZK\s[\d,.]+ paid for them/);
    expect(home).not.toContain('Booking.com did not book the paid stay');
    const done = await support.submit('/console/attention', { subject: `price_rise:${order.orderId!.id}`, reason: 'The customer took the room at the new price by phone.' });
    expect(done.status).toBe(303);
    expect((await needsAttention(shop.ctx.services)).map((item) => item.kind)).toEqual(['transfer_send_back']);
  });

  it('lists a cancellation that kept the fee for finance, and none when finance waived it', async () => {
    const charged = await booked('nonRefundable');
    expect(await cancel(shop, charged.orderId)).toBe('ok');
    const fee = (await hotelRow(shop, charged.orderId)).cancellationFee!;
    expect(fee).toBeGreaterThan(0);
    const voucher = (await compensations(shop, charged.orderId))[0]?.total ?? 0;
    expect(await needsAttention(shop.ctx.services)).toMatchObject([{ kind: 'cancellation_fee_kept', orderNumber: charged.number, facts: { fee, voucher, currency: 'CZK' } }]);

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const home = await (await support.request('/console')).text();
    expect(home).toMatch(/Cancelled after the free cancellation ended: the fee of CZK\s[\d,.]+ was kept/);
    expect(home).toContain('Finance only');
    expect((await support.submit('/console/attention', { subject: `cancellation_fee_kept:${charged.orderId}`, reason: 'Seen.' })).status).toBe(403);

    // Finance cancels another such stay with the fee waived: nothing is left to look at.
    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    const waived = await booked('nonRefundable');
    const fields = await finance.hiddenFields(`/console/orders/cancel?number=${waived.number}`);
    await finance.submit('/console/orders/cancel', { ...fields, waive: 'yes', reason: 'A family emergency.' });
    expect((await detail(shop, waived.orderId)).status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect((await needsAttention(shop.ctx.services)).map((item) => item.orderNumber)).toEqual([charged.number]);
    expect((await finance.submit('/console/attention', { subject: `cancellation_fee_kept:${charged.orderId}`, reason: 'The fee stands: the customer cancelled on the day before.' })).status).toBe(303);
    expect(await needsAttention(shop.ctx.services)).toEqual([]);
  });

  it('lists a cancellation Booking.com refused once the stay had begun, until it is dealt with', async () => {
    const { orderId, number } = await booked('refundable');
    // The customer cancels the evening before check-in; Booking.com's answer is lost.
    shop.ctx.setNow(new Date('2026-12-13T21:30:00Z'));
    const real = shop.ctx.services.portal.cancel;
    shop.ctx.services.portal.cancel = async () => {
      throw new OutcomeUnknown('booking', 'orders/cancel', 'timed out');
    };
    expect(await cancel(shop, orderId)).toBe('request_in_progress');
    shop.ctx.services.portal.cancel = real;
    // The job's retry runs after midnight: the stay has begun at the hotel, Booking.com says no.
    shop.ctx.setNow(new Date('2026-12-14T07:00:00Z'));
    await expect(finishCancellation(shop.ctx.services, orderId)).rejects.toThrow(/refused to cancel/);
    expect(await hotelRow(shop, orderId)).toMatchObject({ bookingStatus: 'ACTIVE', cancelRequestedAt: null, cancelRefusedAt: new Date('2026-12-14T07:00:00Z') });
    expect(await needsAttention(shop.ctx.services)).toMatchObject([{ kind: 'cancellation_refused', id: orderId, orderNumber: number }]);

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request('/console')).text()).toContain('Booking.com refused to cancel this booking');
    // The given-up claim leaves its trace on the order's timeline.
    expect(await (await support.request(`/console/orders?number=${number}`)).text()).toContain('Booking.com refused the cancellation; the booking stays');
    expect((await support.submit('/console/attention', { subject: `cancellation_refused:${orderId}`, reason: 'Called the customer: they will stay after all.' })).status).toBe(303);
    expect(await needsAttention(shop.ctx.services)).toEqual([]);
  });

  it('tells the customer at once when Booking.com refuses to cancel, and changes nothing but the trace', async () => {
    // Hotel Horní náměstí answers every cancellation with `failed`.
    const { orderId, number } = await booked('refundable', HOTELS.cancelRefused);
    const before = await detail(shop, orderId);
    expect(await cancel(shop, orderId)).toBe('cancellation_refused');
    const after = await detail(shop, orderId);
    expect(after.status).toBe(before.status);
    expect(after.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    expect(await compensations(shop, orderId)).toEqual([]);
    expect(await hotelRow(shop, orderId)).toMatchObject({ bookingStatus: 'ACTIVE', cancelRequestedAt: null, cancelRefusedAt: shop.ctx.services.clock.now() });
    expect(await needsAttention(shop.ctx.services)).toMatchObject([{ kind: 'cancellation_refused', id: orderId, orderNumber: number }]);
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request(`/console/orders?number=${number}`)).text()).toContain('Booking.com refused the cancellation; the booking stays');
  });
});
