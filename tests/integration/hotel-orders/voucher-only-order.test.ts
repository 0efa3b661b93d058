import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@/gen/dzb/v1/order_pb';
import { PaymentStatus } from '@/gen/dzb/v1/payment_pb';
import { orders } from '@/server/db/schema/orders';
import { payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { databaseKinds } from '../support/databases';
import { CZECH, errorCode, ORDER_FORM, type Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';
import { HOTELS, openHotelShop, type PortalProbe, STAY } from './support';

const minor = (m: { units: bigint; nanos: number } | undefined) => Number(m!.units) * 100 + Math.round(m!.nanos / 10_000_000);

/**
 * Vouchers that cover the whole price: the visitor names no payment method, the order is placed
 * without one and is paid by the vouchers in the transaction that places it (#33 point 6).
 */
describe.each(databaseKinds())('an order the vouchers pay in full, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  async function previewWith(codes: string[]) {
    const api = shop.ctx.client('cz');
    const availability = await api.hotelAvailability({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: HOTELS.prague.id }, ...STAY, rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const previewed = await api.hotelOrderPreview({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest: { voucherCodes: codes },
    });
    return { api, previewed };
  }

  it('is previewed and placed with no payment method, paid at once, the voucher debited once', async () => {
    const voucher = await giveVoucher(shop, 5_000_000);
    const { api, previewed } = await previewWith([voucher.code]);
    const calculation = previewed.orderPreview!.paymentCalculation!;
    const price = minor(previewed.orderPreview!.price!.payOnline);
    expect(calculation.payments).toEqual([]);
    expect(minor(previewed.orderPreview!.price!.serviceFee)).toBe(0);
    expect(minor(calculation.vouchersUsage!.credit[0]!.willBeUsed)).toBe(price);

    const { order } = await api.hotelOrderCreate({ productVariant: CZECH, previewId: previewed.previewId, paymentRequest: { voucherCodes: [voucher.code] }, order: ORDER_FORM });
    expect(order!.status).toBe(OrderStatus.PAID);
    expect(order!.payments.map((p) => [p.method?.methodId?.id, p.status])).toEqual([['voucher', PaymentStatus.PAID]]);
    const [stored] = await shop.handle.db.select().from(orders).where(eq(orders.id, order!.orderId!.id));
    expect(stored!.status).toBe('PAID');
    expect(stored!.paidAt).not.toBeNull();
    const [left] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(left!.balance).toBe(5_000_000 - price);
    const rows = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    expect(rows.map((r) => [r.methodId, r.status, r.amount, r.fee])).toEqual([['voucher', 'PAID', price, 0]]);
  });

  it('refuses an order without a method when the vouchers do not cover it, storing nothing and holding nothing', async () => {
    const voucher = await giveVoucher(shop, 10_000);
    const api = shop.ctx.client('cz');
    const partial = await previewWithMethod(api, voucher.code);
    expect(
      await errorCode(api.hotelOrderCreate({ productVariant: CZECH, previewId: partial.previewId, paymentRequest: { voucherCodes: [voucher.code] }, order: ORDER_FORM })),
    ).toBe('missing_payment_method_id');
    expect(await shop.handle.db.select().from(orders)).toHaveLength(0);
    const [left] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(left!.balance).toBe(10_000);
  });

  async function previewWithMethod(api: ReturnType<Shop['ctx']['client']>, code: string) {
    const availability = await api.hotelAvailability({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: HOTELS.prague.id }, ...STAY, rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    return api.hotelOrderPreview({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest: { voucherCodes: [code], lastPayment: { methodId: { id: 'transfer' } } },
    });
  }

  it('spends a voucher once when two orders it would each pay in full race for it', async () => {
    const voucher = await giveVoucher(shop, 5_000_000);
    const a = await previewWith([voucher.code]);
    const b = await previewWith([voucher.code]);
    const price = minor(a.previewed.orderPreview!.price!.payOnline);
    // Enough for one of the two orders only.
    await shop.handle.db.update(vouchers).set({ balance: price + 100 }).where(eq(vouchers.id, voucher.id));
    const results = await Promise.allSettled(
      [a, b].map(({ api, previewed }) => api.hotelOrderCreate({ productVariant: CZECH, previewId: previewed.previewId, paymentRequest: { voucherCodes: [voucher.code] }, order: ORDER_FORM })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [left] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(left!.balance).toBe(100);
  });
});
