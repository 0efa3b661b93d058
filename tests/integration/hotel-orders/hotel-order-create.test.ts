import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@/gen/dzb/v1/order_pb';
import { orders } from '@/server/db/schema/orders';
import { databaseKinds } from '../support/databases';
import { CZECH, errorCode, ORDER_FORM, type Shop } from '../support/shop';
import { HOTELS, openHotelShop, type PortalProbe, STAY } from './support';

const POLISH = { product: 2, lang: 2, currency: 2 } as const;
const TRANSFER = { lastPayment: { methodId: { id: 'transfer' } } };

describe.each(databaseKinds())('placing a hotel order, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  async function preview(hotel: (typeof HOTELS)[keyof typeof HOTELS], variant: typeof CZECH | typeof POLISH = CZECH) {
    const api = shop.ctx.client(variant === CZECH ? 'cz' : 'pl');
    const availability = await api.hotelAvailability({
      productVariant: variant,
      lookup: { case: 'bySpecification', value: { hotelRequest: { hotelId: { id: hotel.id }, ...STAY, rooms: 1, adults: 2 } } },
    });
    const product = availability.hotelAvailability!.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable && p.fitsOccupancy)!;
    const previewed = await api.hotelOrderPreview({
      productVariant: variant,
      lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: [product.productId!] } },
      paymentRequest: TRANSFER,
    });
    return { api, availability, product, previewed };
  }

  it('places one order for a preview however often and however fast it is submitted, under an id of its own', async () => {
    const { api, previewed } = await preview(HOTELS.prague);
    const submit = () => api.hotelOrderCreate({ productVariant: CZECH, previewId: previewed.previewId, paymentRequest: TRANSFER, order: ORDER_FORM });
    const answers = await Promise.allSettled([submit(), submit(), submit()]);
    const placed = answers.filter((a) => a.status === 'fulfilled').map((a) => a.value.order!);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status === 'rejected')) expect(await errorCode(Promise.reject(refused.reason))).toBe('preview_already_ordered');
    const orderId = placed[0]!.orderId!.id;
    expect(orderId).not.toBe(previewed.previewId!.id);
    expect(await shop.handle.db.select().from(orders)).toHaveLength(1);
    expect((await shop.outbox()).filter((m) => m.eventKey === `order-received:${orderId}`)).toHaveLength(1);
    // Later, the preview (whose id a shared link carries) leads to no order and places no other.
    expect(await errorCode(submit())).toBe('preview_already_ordered');
    expect(await errorCode(api.hotelOrderPreview({ productVariant: CZECH, lookup: { case: 'byId', value: { previewId: previewed.previewId } }, paymentRequest: TRANSFER }))).toBe(
      'preview_already_ordered',
    );
    expect(await errorCode(api.orderDetail({ productVariant: CZECH, orderId: { id: previewed.previewId!.id } }))).toBe('order_not_found');
  });

  it('asks again for an expired preview and stops at a changed price, which the visitor then accepts', async () => {
    const { api, previewed } = await preview(HOTELS.priceSurge);
    shop.ctx.setNow(new Date('2026-11-22T10:31:00Z'));
    const submit = () => api.hotelOrderCreate({ productVariant: CZECH, previewId: previewed.previewId, paymentRequest: TRANSFER, order: ORDER_FORM });
    expect(await errorCode(submit())).toBe('price_changed');
    expect(await shop.handle.db.select().from(orders)).toHaveLength(0);
    const { order } = await submit();
    expect(order?.status).toBe(OrderStatus.WAITING);
    expect(order!.total!.units).toBeGreaterThan(previewed.orderPreview!.price!.payOnline!.units);
  });

  it('prices a preview left open past its validity again instead of refusing it', async () => {
    const { api, previewed } = await preview(HOTELS.priceSurge);
    shop.ctx.setNow(new Date('2026-11-22T10:45:00Z'));
    const again = await api.hotelOrderPreview({ productVariant: CZECH, lookup: { case: 'byId', value: { previewId: previewed.previewId } }, paymentRequest: TRANSFER });
    expect(again.previewId?.id).toBe(previewed.previewId?.id);
    expect(Number(again.previewValidUntil!.seconds) * 1000).toBeGreaterThan(Date.parse('2026-11-22T10:45:00Z'));
    expect(again.orderPreview!.price!.payOnline!.units).toBeGreaterThan(previewed.orderPreview!.price!.payOnline!.units);
    // The visitor saw the new price: the order is placed at it, without price_changed.
    const { order } = await api.hotelOrderCreate({ productVariant: CZECH, previewId: previewed.previewId, paymentRequest: TRANSFER, order: ORDER_FORM });
    expect(order!.total).toEqual(again.orderPreview!.price!.payOnline);
  });

  it('refuses a room chosen more often than it is available, and an unknown availability, storing nothing', async () => {
    const { api, availability, product } = await preview(HOTELS.prague);
    const tooMany = Array.from({ length: product.numberAvailableAtThisPrice + 1 }, () => product.productId!);
    expect(
      await errorCode(
        api.hotelOrderPreview({
          productVariant: CZECH,
          lookup: { case: 'bySpecification', value: { availabilityId: availability.availabilityId, productIds: tooMany } },
          paymentRequest: TRANSFER,
        }),
      ),
    ).toBe('too_many_units');
    expect(
      await errorCode(
        api.hotelOrderPreview({
          productVariant: CZECH,
          lookup: { case: 'bySpecification', value: { availabilityId: { id: crypto.randomUUID() }, productIds: [product.productId!] } },
          paymentRequest: TRANSFER,
        }),
      ),
    ).toBe('availability_expired');
    expect(await shop.handle.db.select().from(orders)).toHaveLength(0);
  });

  it('sells a Polish hotel on the Polish site in złoty with a Polish transfer', async () => {
    const { api, previewed } = await preview(HOTELS.krakow, POLISH);
    const { order } = await api.hotelOrderCreate({ productVariant: POLISH, previewId: previewed.previewId, paymentRequest: TRANSFER, order: { ...ORDER_FORM, mobile: '+48 123 456 789' } });
    expect(order!.total!.currencyCode).toBe('PLN');
    expect(order!.payments[0]!.bankTransfer?.accountIban).toMatch(/^PL/);
    expect(order!.payments[0]!.qrCode?.image).toMatch(/^data:image\/png;base64,/);
    // The QR code's file is named in Polish, like the rest of the e-mail.
    const [received] = (await shop.outbox()).filter((m) => m.eventKey === `order-received:${order!.orderId!.id}`);
    expect(received?.attachments).toEqual(['kod-qr-przelewu.png']);
  });
});
