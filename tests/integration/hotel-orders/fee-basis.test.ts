import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases';
import { CZECH, ORDER_FORM, type Shop } from '../support/shop';
import { HOTELS, openHotelShop, type PortalProbe, STAY } from './support';

const minor = (m: { units: bigint; nanos: number } | undefined) => Number(m!.units) * 100 + Math.round(m!.nanos / 10_000_000);

/**
 * A fee is computed on the part of the price its method pays (#33 point 2): the API says which
 * part, so a page can label the fee by it. 3 000 Kč paid with Pluxee (10 %) pay 2 727,27 Kč of
 * the price and 272,73 Kč of fee; the order's payments keep the same split.
 */
describe.each(databaseKinds())('a fee and what it is computed on, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  it('answers each payment’s covered part and fee, in the preview and on the order', async () => {
    const api = shop.ctx.client('cz');
    const availability = await api.hotelAvailability({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: HOTELS.prague.id }, ...STAY, rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const paymentRequest = {
      payments: [{ methodId: { id: 'pluxee_cafeteria' }, value: { currencyCode: 'CZK', units: 3000n, nanos: 0 } }],
      lastPayment: { methodId: { id: 'transfer' } },
    };
    const previewed = await api.hotelOrderPreview({
      productVariant: CZECH,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest,
    });
    const [pluxee, transfer] = previewed.orderPreview!.paymentCalculation!.payments;
    expect([minor(pluxee!.value), minor(pluxee!.covers), minor(pluxee!.fee)]).toEqual([300_000, 272_727, 27_273]);
    expect(minor(transfer!.fee)).toBe(0);
    expect(minor(transfer!.covers)).toBe(minor(transfer!.value));
    expect(minor(previewed.orderPreview!.price!.serviceFee)).toBe(27_273);

    const { order } = await api.hotelOrderCreate({ productVariant: CZECH, previewId: previewed.previewId, paymentRequest, order: ORDER_FORM });
    const placed = order!.payments.find((p) => p.method?.methodId?.id === 'pluxee_cafeteria')!;
    expect([minor(placed.value), minor(placed.covers), minor(placed.fee)]).toEqual([300_000, 272_727, 27_273]);
  });
});
