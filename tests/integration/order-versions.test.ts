import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingStatus, OrderStatus } from '@/gen/dzb/v1/order_pb';
import { PaymentStatus } from '@/gen/dzb/v1/payment_pb';
import { orders } from '@/server/db/schema/orders';
import { vouchers } from '@/server/db/schema/vouchers';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { issuePurchasedVoucher } from '@/server/orders/voucher/issue';
import { importBankTransfers } from '@/server/payments/bank-import';
import { refundPayment } from '@/server/payments/refunds';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer, placeHotelOrder, type PortalProbe } from './hotel-orders/support';
import { databaseKinds } from './support/databases';
import { CZECH, CZK, errorCode, ORDER_FORM, type Shop } from './support/shop';

/**
 * orders.version (drizzle/0019_order_versions.sql) moves on every change of anything OrderDetail
 * shows and on nothing else, and a status page's poll at the current version is answered
 * `unchanged` (#37).
 */
describe.each(databaseKinds())('order versions, on %s', (kind) => {
  let shop: Shop & { probe: PortalProbe };
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  const api = () => shop.ctx.client('cz');
  /** The version as OrderDetail answers it, checked against the stored one. */
  const versionOf = async (orderId: string): Promise<bigint> => {
    const answer = await api().orderDetail({ productVariant: CZECH, orderId: { id: orderId } });
    const [stored] = await shop.handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
    expect(BigInt(stored!.version)).toBe(answer.version);
    return answer.version;
  };
  const hotelDetail = async (orderId: string) => {
    const { order } = await api().orderDetail({ productVariant: CZECH, orderId: { id: orderId } });
    if (order.case !== 'hotelOrder') throw new Error(`not a hotel order: ${order.case}`);
    return order.value;
  };
  /** What a status page does while it waits: reads, polls at its version, reads the voucher. */
  const readLikeAPage = async (orderId: string, version: bigint, voucherId?: string) => {
    for (let i = 0; i < 3; i++) {
      await api().orderDetail({ productVariant: CZECH, orderId: { id: orderId } });
      const poll = await api().orderDetail({ productVariant: CZECH, orderId: { id: orderId }, knownVersion: version });
      expect(poll.order.case).toBe('unchanged');
      expect(poll.version).toBe(version);
      if (voucherId) await api().voucherDetail({ productVariant: CZECH, lookup: { case: 'voucherId', value: { id: voucherId } } });
    }
  };

  it('a stay: the payment arriving, the booking and the cancellation each move it; reads and polls do not', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    const id = order.orderId!.id;
    const placed = await versionOf(id);
    await readLikeAPage(id, placed);
    expect(await versionOf(id)).toBe(placed);

    await payByTransfer(shop, order);
    const paid = await versionOf(id);
    expect(paid).toBeGreaterThan(placed);
    expect((await hotelDetail(id)).payments[0]?.status).toBe(PaymentStatus.PAID);
    // The poll of a page that still shows the unpaid order gets the order in full, at its new version.
    const stale = await api().orderDetail({ productVariant: CZECH, orderId: { id }, knownVersion: placed });
    expect(stale.order.case).toBe('hotelOrder');
    expect(stale.version).toBe(paid);

    await bookHotelOrder(shop.ctx.services, id);
    const booked = await versionOf(id);
    expect(booked).toBeGreaterThan(paid);
    expect((await hotelDetail(id)).booking?.bookingStatus).toBe(BookingStatus.ACTIVE);
    // The booking job run again finds nothing to do, and changes nothing.
    await bookHotelOrder(shop.ctx.services, id);
    expect(await versionOf(id)).toBe(booked);

    expect(await errorCode(api().orderCancel({ productVariant: CZECH, orderId: { id } }))).toBe('ok');
    const cancelled = await versionOf(id);
    expect(cancelled).toBeGreaterThan(booked);
    const detail = await hotelDetail(id);
    expect(detail.status).toBe(OrderStatus.CANCELLED_BY_USER);
    expect(detail.compensationVoucherId).toBeDefined();
    await readLikeAPage(id, cancelled, detail.compensationVoucherId!.id);
    expect(await versionOf(id)).toBe(cancelled);
  });

  it('a stay Booking.com refuses: the automatic refund and the money going back each move it', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.createFails);
    const id = order.orderId!.id;
    await payByTransfer(shop, order);
    const paid = await versionOf(id);

    await bookHotelOrder(shop.ctx.services, id);
    const failed = await versionOf(id);
    expect(failed).toBeGreaterThan(paid);
    const detail = await hotelDetail(id);
    expect(detail.status).toBe(OrderStatus.REFUNDED_AUTOMATICALLY);

    await refundPayment(shop.ctx.services, detail.payments[0]!.paymentId!.id, 'booking_failed');
    const refunded = await versionOf(id);
    expect(refunded).toBeGreaterThan(failed);
    expect((await hotelDetail(id)).payments[0]?.status).toBe(PaymentStatus.REFUNDED);
    await readLikeAPage(id, refunded);
    expect(await versionOf(id)).toBe(refunded);
  });

  it('a voucher purchase: paid, its voucher issued, the voucher spent on a stay each move it', async () => {
    const { order } = await api().voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(3000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    const id = order!.orderId!.id;
    const placed = await versionOf(id);
    await readLikeAPage(id, placed);

    await shop.transfer(order!.payments[0]!.bankTransfer!.variableSymbol, 300_000);
    expect(await importBankTransfers(shop.ctx.services)).toBe(1);
    const paid = await versionOf(id);
    expect(paid).toBeGreaterThan(placed);

    await issuePurchasedVoucher(shop.ctx.services, id);
    const issued = await versionOf(id);
    expect(issued).toBeGreaterThan(paid);
    const [voucher] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.sourceOrderId, id));
    await readLikeAPage(id, issued, voucher!.id);
    expect(await versionOf(id)).toBe(issued);
    // What the clock decides is derived on every read, never kept with the version: three days on,
    // the same version shows three days fewer left on the voucher.
    const daysLeft = async () => {
      const { order: shown } = await api().orderDetail({ productVariant: CZECH, orderId: { id } });
      if (shown.case !== 'voucherOrder') throw new Error(`not a voucher order: ${shown.case}`);
      return shown.value.vouchers[0]!.daysLeft;
    };
    const before = await daysLeft();
    shop.ctx.setNow(new Date('2026-11-25T10:00:00Z'));
    expect(await daysLeft()).toBe(before - 3);
    expect(await versionOf(id)).toBe(issued);

    // The page lists where its voucher was spent: a stay paid with it changes what the purchase shows.
    await placeHotelOrder(shop, HOTELS.prague, { voucherCodes: [voucher!.code], lastPayment: { methodId: { id: 'transfer' } } });
    const spent = await versionOf(id);
    expect(spent).toBeGreaterThan(issued);
    const { order: shown } = await api().orderDetail({ productVariant: CZECH, orderId: { id }, knownVersion: issued });
    expect(shown.case).toBe('voucherOrder');
  });

  it('over HTTP: the poll at the current version is answered unchanged, an older one in full, another site finds nothing', async () => {
    const { order } = await orderByTransfer(shop, HOTELS.prague);
    const id = order.orderId!.id;
    const placed = await versionOf(id);
    const call = (body: object, host = 'localhost', headers: Record<string, string> = {}) =>
      shop.http(
        new Request(`http://${host}/api/dzb.v1.ApiService/OrderDetail`, {
          method: 'POST',
          headers: { host, 'content-type': 'application/json', 'connect-protocol-version': '1', 'connect-timeout-ms': '60000', ...headers },
          body: JSON.stringify(body),
        }),
      );
    const czech = { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' };

    const poll = { productVariant: czech, orderId: { id }, knownVersion: placed.toString() };
    const unchanged = await call(poll, 'localhost', { 'x-request-id': 'poll-request-0001' });
    expect(unchanged.status).toBe(200);
    const body = await unchanged.text();
    expect(JSON.parse(body)).toEqual({ unchanged: {}, version: placed.toString() });
    // The browser's exact poll is answered on a lean path (server/rpc/unchanged-polls.ts); a
    // content type it leaves to Connect gets the very same answer the full way.
    const connect = await call(poll, 'localhost', { 'x-request-id': 'poll-request-0001', 'content-type': 'application/json; charset=utf-8' });
    expect(connect.status).toBe(200);
    expect(JSON.parse(await connect.text())).toEqual(JSON.parse(body));
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
    expect(headersOf(unchanged).sort()).toEqual(headersOf(connect).sort());
    expect(unchanged.headers.get('x-request-id')).toBe('poll-request-0001');
    // With a product variant of another site the lean path has nothing to say: the full one refuses.
    const wrongVariant = await call({ ...poll, productVariant: { ...czech, currency: 'CURRENCY_PLN' } });
    expect(wrongVariant.status).toBe(400);
    expect(await wrongVariant.json()).toMatchObject({ details: [expect.anything()] });

    const full = await call({ productVariant: czech, orderId: { id } });
    expect(full.status).toBe(200);
    const fullBody = (await full.json()) as { hotelOrder?: { orderId: { id: string } }; version: string };
    expect(fullBody.hotelOrder?.orderId.id).toBe(id);
    expect(fullBody.version).toBe(placed.toString());

    await payByTransfer(shop, order);
    const changed = await call({ productVariant: czech, orderId: { id }, knownVersion: placed.toString() });
    const changedBody = (await changed.json()) as { hotelOrder?: { status: string }; version: string };
    expect(changedBody.hotelOrder?.status).toBe('ORDER_STATUS_PAID');
    expect(BigInt(changedBody.version)).toBeGreaterThan(placed);

    // The version of an order is no way to learn that it exists on another site, or at all.
    const polish = await call({ productVariant: { product: 'PRODUCT_DZB_PL', lang: 'LANG_PL', currency: 'CURRENCY_PLN' }, orderId: { id }, knownVersion: changedBody.version }, 'pl.localhost');
    expect(polish.status).toBe(404);
    const unknown = await call({ productVariant: czech, orderId: { id: crypto.randomUUID() }, knownVersion: '1' });
    expect(unknown.status).toBe(404);
    expect(await polish.json()).toMatchObject({ code: 'not_found' });
  });
});
