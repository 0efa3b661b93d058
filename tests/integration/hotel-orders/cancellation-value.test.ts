import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { formatMoney } from '@/lib/money';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { cancellationFee } from '@/server/orders/hotel/deadlines';
import { importBankTransfers } from '@/server/payments/bank-import';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';
import { atBooking, cancel, compensations, detail, hotelRow, mails, minor, paymentOf, payByCard, placeOrder } from './cancellation-support';
import { openHotelShop, type PortalProbe } from './support';

const czk = (amount: number) => formatMoney(amount, 'CZK', 'cs');

/**
 * A booked stay cancelled by the visitor gives back, as a voucher, everything paid for the order
 * (the service fee, the insurance price and the part paid by voucher included) minus the rate's
 * cancellation fee at that moment, and nothing when the fee reaches what was paid (policy §3, §7).
 */
describe.each(databaseKinds())('the value of a cancelled stay, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  /** An order paid by transfer and booked. */
  async function bookedByTransfer(options: { insured?: boolean; rate?: 'refundable' | 'nonRefundable' }) {
    const { orderId, total } = await placeOrder(shop, { lastPayment: { methodId: { id: 'transfer' } } }, options);
    const transfer = await paymentOf(shop, orderId, 'transfer');
    await shop.transfer(transfer.variableSymbol!, transfer.amount);
    await importBankTransfers(shop.ctx.services);
    await bookHotelOrder(shop.ctx.services, orderId);
    expect((await detail(shop, orderId)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    return { orderId, total };
  }

  it('returns all that was paid, the Up card’s service fee and the voucher part included, before the free deadline', async () => {
    const gift = await giveVoucher(shop, 40_000);
    const { orderId, total } = await placeOrder(shop, { voucherCodes: [gift.code], lastPayment: { methodId: { id: 'up_card' } } });
    const card = await paymentOf(shop, orderId, 'up_card');
    expect(card.fee).toBeGreaterThan(0);
    await payByCard(shop, card);
    await bookHotelOrder(shop.ctx.services, orderId);
    const booked = await detail(shop, orderId);
    expect(booked.booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    expect(card.amount + 40_000).toBe(total);
    expect(minor(booked.paid)).toBe(total);
    // What the page offers before the visitor confirms: the three parts.
    expect(booked.cancellationTerms).toMatchObject({ booked: true });
    expect([minor(booked.cancellationTerms!.paid), minor(booked.cancellationTerms!.fee), minor(booked.cancellationTerms!.voucherValue)]).toEqual([total, 0, total]);

    expect(await cancel(shop, orderId)).toBe('ok');
    const [voucher] = await compensations(shop, orderId);
    // More than the rooms: the service fee is not kept, and the voucher part counts.
    expect(voucher!.total).toBe(total);
    expect(voucher!.total).toBeGreaterThan((await hotelRow(shop, orderId)).roomsPrice);
    const cancelled = await detail(shop, orderId);
    expect(cancelled.status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect([minor(cancelled.paid), minor(cancelled.cancellationFee), minor(cancelled.compensationValue)]).toEqual([total, 0, total]);
    const [mail] = await mails(shop, `hotel-cancelled:${orderId}`);
    expect(mail!.text).toContain('stornovali rezervaci v hotelu');
    // The plain-text twin shows the parts as label<TAB>value rows.
    for (const part of [`Zaplaceno celkem\t${czk(total)}`, `Storno poplatek\t${czk(0)}`, `Hodnota poukazu\t${czk(total)}`, `Kód poukazu\t${voucher!.code}`]) {
      expect(mail!.text).toContain(part);
    }
  });

  it('deducts the fee from an insured stay too: the insurer, not the voucher, covers it', async () => {
    const { orderId, total } = await bookedByTransfer({ insured: true });
    const row = await hotelRow(shop, orderId);
    expect(row.insurance).toBeGreaterThan(0);
    // After the free-cancellation deadline (two days before check-in), before the check-in day.
    shop.ctx.setNow(new Date('2026-12-13T10:00:00Z'));
    const fee = Math.min(row.roomsPrice, cancellationFee(row.cancellation, shop.ctx.services.clock.now()));
    expect(fee).toBeGreaterThan(0);
    const terms = (await detail(shop, orderId)).cancellationTerms!;
    expect([minor(terms.paid), minor(terms.fee), minor(terms.voucherValue)]).toEqual([total, fee, total - fee]);

    expect(await cancel(shop, orderId)).toBe('ok');
    const [voucher] = await compensations(shop, orderId);
    expect(voucher!.total).toBe(total - fee);
    expect((await hotelRow(shop, orderId)).cancellationFee).toBe(fee);
    const [mail] = await mails(shop, `hotel-cancelled:${orderId}`);
    expect(mail!.text).toContain(`Storno poplatek\t${czk(fee)}`);
    expect(mail!.text).toContain(`Hodnota poukazu\t${czk(total - fee)}`);
    expect(mail!.text).toContain('pojištění storna');
  });

  it('cancels a non-refundable stay paid in full into no voucher, and says so', async () => {
    const { orderId, total } = await bookedByTransfer({ rate: 'nonRefundable' });
    const row = await hotelRow(shop, orderId);
    // Paid by transfer (no service fee): the fee, the whole accommodation, reaches what was paid.
    expect(Math.min(row.roomsPrice, cancellationFee(row.cancellation, shop.ctx.services.clock.now()))).toBeGreaterThanOrEqual(total);
    const terms = (await detail(shop, orderId)).cancellationTerms!;
    expect(minor(terms.voucherValue)).toBe(0);

    expect(await cancel(shop, orderId)).toBe('ok');
    const cancelled = await detail(shop, orderId);
    expect(cancelled.status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect(cancelled.booking?.bookingStatus).toBe(BookingStatus.CANCELLED);
    expect((await atBooking(shop, orderId))[0]?.status).toMatch(/^cancelled/);
    expect(await compensations(shop, orderId)).toHaveLength(0);
    expect(cancelled.compensationValue).toBeUndefined();
    const [mail] = await mails(shop, `hotel-cancelled:${orderId}`);
    expect(mail!.text).toContain('Storno poplatek pokryl vše');
    expect((await shop.outbox()).find((m) => m.eventKey === `hotel-cancelled:${orderId}`)?.attachments).toEqual([]);
  });
});
