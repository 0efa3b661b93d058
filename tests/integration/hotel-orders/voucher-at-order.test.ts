import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema/orders';
import { vouchers } from '@/server/db/schema/vouchers';
import { databaseKinds } from '../support/databases';
import { CZECH, errorCode, ORDER_FORM, type Shop } from '../support/shop';
import { giveVoucher } from '../support/vouchers';
import { HOTELS, openHotelShop, type PortalProbe, STAY } from './support';

const POLISH = { product: 2, lang: 2, currency: 2 } as const;
const crowns = (minor: number) => ({ currencyCode: 'CZK', units: BigInt(Math.trunc(minor / 100)), nanos: (minor % 100) * 10_000_000 });

/**
 * A voucher the visitor saw paying part of the price must pay that part when the order is placed,
 * or the order stops and says so: the other method is never charged more than the visitor agreed to.
 */
describe.each(databaseKinds())('a voucher between the preview and the order, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  async function quoted(codes: string[], variant: typeof CZECH | typeof POLISH = CZECH) {
    const api = shop.ctx.client(variant === CZECH ? 'cz' : 'pl');
    const hotel = variant === CZECH ? HOTELS.prague : HOTELS.krakow;
    const availability = await api.hotelAvailability({
      productVariant: variant,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: hotel.id }, ...STAY, rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const paymentRequest = { voucherCodes: codes, lastPayment: { methodId: { id: 'transfer' } } };
    const previewed = await api.hotelOrderPreview({
      productVariant: variant,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest,
    });
    const charged = previewed.orderPreview!.paymentCalculation!.payments.reduce((sum, p) => sum + Number(p.value!.units) * 100 + p.value!.nanos / 10_000_000, 0);
    const create = (agreed = charged) =>
      api.hotelOrderCreate({ productVariant: variant, previewId: previewed.previewId, paymentRequest, order: ORDER_FORM, agreedCharge: crowns(agreed) });
    return { previewed, charged, create, paymentRequest, api };
  }

  const orderCount = async () => (await shop.handle.db.select().from(orders)).length;

  it('stops with voucher_balance_changed when the voucher was spent elsewhere since the preview, storing nothing', async () => {
    const voucher = await giveVoucher(shop, 100_000);
    const first = await quoted([voucher.code]);
    const second = await quoted([voucher.code]);
    await first.create();
    const before = await orderCount();
    expect(await errorCode(second.create())).toBe('voucher_balance_changed');
    expect(await orderCount()).toBe(before);
    const [left] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(left!.balance).toBe(0);
  });

  it('stops when a code of the preview cannot be used at all now, also for a client that does not say what it agreed to', async () => {
    const voucher = await giveVoucher(shop, 50_000);
    const later = await quoted([voucher.code]);
    await shop.handle.db.update(vouchers).set({ active: false }).where(eq(vouchers.id, voucher.id));
    const before = await orderCount();
    expect(await errorCode(later.api.hotelOrderCreate({ productVariant: CZECH, previewId: later.previewed.previewId, paymentRequest: later.paymentRequest, order: ORDER_FORM }))).toBe(
      'voucher_balance_changed',
    );
    expect(await orderCount()).toBe(before);
  });

  it('stops a Czech voucher typed on the Polish site instead of charging the whole price to the transfer', async () => {
    const voucher = await giveVoucher(shop, 100_000);
    const polish = await quoted([voucher.code], POLISH);
    expect(polish.previewed.orderPreview!.paymentCalculation!.vouchersUsage!.invalid.map((i) => i.code)).toEqual([voucher.code]);
    expect(await errorCode(polish.api.hotelOrderCreate({ productVariant: POLISH, previewId: polish.previewed.previewId, paymentRequest: polish.paymentRequest, order: ORDER_FORM }))).toBe(
      'voucher_balance_changed',
    );
  });

  it('lets exactly one of two orders racing for the same voucher have it; the other is told, not failed', async () => {
    const voucher = await giveVoucher(shop, 100_000);
    const [a, b] = [await quoted([voucher.code]), await quoted([voucher.code])];
    const results = await Promise.allSettled([a.create(), b.create()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(await errorCode(Promise.reject(refused!.reason))).toBe('voucher_balance_changed');
  });

  it('places the order when the charge is what the visitor agreed to, and refuses a different agreed amount', async () => {
    const voucher = await giveVoucher(shop, 100_000);
    const ok = await quoted([voucher.code]);
    expect(await errorCode(ok.create(ok.charged - 1))).toBe('voucher_balance_changed');
    const { order } = await ok.create();
    expect(order!.payments.map((p) => p.method?.methodId?.id).sort()).toEqual(['transfer', 'voucher']);
  });
});
