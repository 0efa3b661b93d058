import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hotelOrders } from '@/server/db/schema/hotel-orders';
import { payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { issuePurchasedVoucher } from '@/server/orders/voucher/issue';
import { importBankTransfers } from '@/server/payments/bank-import';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer } from '../hotel-orders/support';
import { type ConsoleBrowser, signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, ORDER_FORM, type Shop } from '../support/shop';

describe.each(databaseKinds())('finding orders in the console, on %s', (kind) => {
  let shop: Shop;
  let support: ConsoleBrowser;
  beforeEach(async () => {
    shop = await openHotelShop(kind);
    support = await signedInOperator(shop, 'support@example.cz', 'support');
  });
  afterEach(() => shop.close());

  /** Where a search leads: the one order's page, or the list's order numbers, or nothing. */
  async function search(query: string) {
    const answer = await support.request(`/console/search?q=${encodeURIComponent(query)}`);
    if (answer.status === 303) return answer.headers.get('location');
    const page = await answer.text();
    return { status: answer.status, numbers: [...page.matchAll(/orders\?number=(\d{10})/g)].map((m) => m[1]) };
  }

  it('finds an order by whatever the customer quotes, and shows its timeline', async () => {
    const { order: stay } = await orderByTransfer(shop, HOTELS.prague);
    await payByTransfer(shop, stay);
    await bookHotelOrder(shop.ctx.services, stay.orderId!.id);
    const [booked] = await shop.handle.db.select().from(hotelOrders).where(eq(hotelOrders.orderId, stay.orderId!.id));
    const { order: voucherOrder } = await shop.ctx.client('cz').voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    const [voucherPayment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, voucherOrder!.orderId!.id));
    await shop.transfer(voucherPayment!.variableSymbol!, voucherPayment!.amount);
    await importBankTransfers(shop.ctx.services);
    await issuePurchasedVoucher(shop.ctx.services, voucherOrder!.orderId!.id);
    const [voucher] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.sourceOrderId, voucherOrder!.orderId!.id));

    const stayPage = `/console/orders?number=${stay.orderNumber}`;
    const voucherPage = `/console/orders?number=${voucherOrder!.orderNumber}`;
    expect(await search(stay.orderNumber)).toBe(stayPage);
    expect(await search(booked!.reservation!)).toBe(stayPage);
    expect(await search(stay.payments[0]!.bankTransfer!.variableSymbol)).toBe(stayPage);
    expect(await search(voucher!.code)).toBe(`/console/vouchers?code=${voucher!.code}`);
    expect(await (await support.request(`/console/vouchers?code=${voucher!.code}`)).text()).toContain(`a purchase: order <a href="${voucherPage}">`);
    expect(await search(` ${ORDER_FORM.email.toUpperCase()} `)).toEqual({ status: 200, numbers: [voucherOrder!.orderNumber, stay.orderNumber] });
    expect(await search('nobody@example.cz')).toEqual({ status: 404, numbers: [] });
    expect(await search('')).toBe('/console');

    const page = await (await support.request(stayPage)).text();
    for (const file of ['invoice.pdf', 'booking.pdf']) {
      const path = `/api/orders/${stay.orderId!.id}/documents/${file}`;
      expect(page).toContain(`<a href="${path}">`);
      const pdf = await support.request(path);
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    }
    const voucherOrderPage = await (await support.request(voucherPage)).text();
    expect(voucherOrderPage).toContain(`voucher-${voucher!.id}.pdf">Voucher ${voucher!.code} (PDF)</a> · <a href="/console/vouchers?code=${voucher!.code}">`);
    const timeline = page.slice(page.indexOf('<h2 id="timeline-title">'));
    const entries = [...timeline.matchAll(/<tr><td>[^<]+<\/td><td>([^<]+)<\/td><td>/g)].map((m) => m[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"'));
    expect(entries).toEqual([
      'Order created',
      'Payment by transfer created: WAITING',
      'Payment by transfer: WAITING → PAID, by bank',
      'Order: WAITING → PAID (payments complete)',
      'Booking sent to Booking.com',
      `Booked at Booking.com, reservation ${booked!.reservation}`,
      `E-mail “Přijali jsme vaši objednávku ubytování” to ${ORDER_FORM.email}: queued`,
      `E-mail “Rezervace potvrzena: Hotel Vltava Riverside” to ${ORDER_FORM.email}: queued`,
      // pg-boss stamps its jobs with the database's clock, not the test's: they come last here.
      'Job mail.send: created',
      'Job hotels.book: created',
      'Job mail.send: created',
    ]);
  });

  it('sends an e-mail of an order again once per confirmation, and records who and why', async () => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } },
      order: ORDER_FORM,
    });
    const orderPage = `/console/orders?number=${order!.orderNumber}`;
    const link = /href="(\/console\/mail\?order=\d+&amp;mail=[0-9a-f-]+)"/.exec(await (await support.request(orderPage)).text())![1]!.replace('&amp;', '&');
    const fields = await support.hiddenFields(link);
    expect(Object.keys(fields)).toEqual(['order', 'mail', 'nonce']);

    expect((await support.submit('/console/mail', { ...fields, reason: '' })).status).toBe(400);
    const sent = await support.submit('/console/mail', { ...fields, reason: 'The customer found nothing in their inbox.' });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, `${orderPage}&resent`]);
    expect((await support.submit('/console/mail', { ...fields, reason: 'Pressed twice.' })).status).toBe(303);
    const outbox = await shop.outbox();
    const received = outbox.find((mail) => mail.eventKey.startsWith('order-received:'))!;
    expect(outbox.filter((mail) => mail.eventKey.startsWith('resent:')).map((mail) => [mail.to, mail.subject])).toEqual([[ORDER_FORM.email, received.subject]]);

    const page = await (await support.request(`${orderPage}&resent`)).text();
    expect(page).toContain('The e-mail is on its way again.');
    expect(page).toContain('support@example.cz: mail-resent (“The customer found nothing in their inbox.”)');
    expect(page.match(new RegExp(`E-mail “${received.subject}”`, 'g'))).toHaveLength(2);
    const foreign = await support.submit('/console/mail', { ...fields, mail: crypto.randomUUID(), reason: 'x' });
    expect(foreign.status).toBe(404);
  });

  it('asks nothing of a stranger: every search and order page wants a session', async () => {
    support.cookie = '';
    expect(await search('2026000001')).toBe('/console/sign-in');
    expect((await support.request('/console/orders?number=2026000001')).headers.get('location')).toBe('/console/sign-in');
  });
});
