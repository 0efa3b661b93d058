import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorAudit } from '@/server/db/schema/operators';
import { payments } from '@/server/db/schema/payments';
import { needsAttention } from '@/server/operators/attention';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { refundPayment } from '@/server/payments/refunds';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { HOTELS, openHotelShop, placeHotelOrder } from '../hotel-orders/support';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';

describe.each(databaseKinds())('a refund asked for in the console, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  /** A stay paid with a Pluxee card that Booking.com will not book: its refund is queued, and waits. */
  async function waitingRefund() {
    const { order } = await placeHotelOrder(shop, HOTELS.createFails, { lastPayment: { methodId: { id: 'pluxee_cafeteria' } } });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order.orderId!.id));
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/pluxee/payments/${encodeURIComponent(payment!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 2 * 60_000));
    await reconcileWaitingPayments(shop.ctx.services);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 31 * 60_000));
    return { order, payment: payment! };
  }

  const queuedRefunds = async (paymentId: string) =>
    Number(((await shop.handle.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'payments.refund' AND data->>'paymentId' = ${paymentId} AND data->>'reason' = 'operator'`)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);

  it('lets finance, and only finance, ask for the money back once; the refund then shows in the timeline and the list empties', async () => {
    const { order, payment } = await waitingRefund();
    expect((await needsAttention(shop.ctx.services)).map((item) => [item.kind, item.id])).toEqual([
      ['booking_failed', order.orderId!.id],
      ['refund_waiting', payment.id],
    ]);
    const orderPage = `/console/orders?number=${order.orderNumber}`;

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect(await (await support.request(orderPage)).text()).not.toContain('/console/refund');
    expect((await support.request(`/console/refund?payment=${payment.id}`)).status).toBe(403);
    expect((await support.submit('/console/refund', { payment: payment.id, nonce: crypto.randomUUID(), reason: 'Please.' })).status).toBe(403);

    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    expect(await (await finance.request(orderPage)).text()).toContain(`/console/refund?payment=${payment.id}`);
    const fields = await finance.hiddenFields(`/console/refund?payment=${payment.id}`);
    expect(Object.keys(fields)).toEqual(['payment', 'nonce']);
    expect((await finance.submit('/console/refund', { ...fields, reason: ' ' })).status).toBe(400);
    const asked = await finance.submit('/console/refund', { ...fields, reason: 'Pluxee confirmed refunds work again.' });
    expect([asked.status, asked.headers.get('location')]).toEqual([303, `${orderPage}&refund`]);
    expect((await finance.submit('/console/refund', { ...fields, reason: 'Sent twice.' })).status).toBe(303);
    const entries = await shop.handle.db.select({ reason: operatorAudit.reason }).from(operatorAudit).where(eq(operatorAudit.action, 'refund-requested'));
    expect(entries).toEqual([{ reason: 'Pluxee confirmed refunds work again.' }]);
    expect(await queuedRefunds(payment.id)).toBeGreaterThanOrEqual(1);

    // The worker runs the job: the money goes back once, at the gateway.
    await refundPayment(shop.ctx.services, payment.id, 'operator');
    expect((await needsAttention(shop.ctx.services)).map((item) => item.kind)).toEqual(['booking_failed']);
    const page = await (await finance.request(`${orderPage}&refund`)).text();
    expect(page).toContain('Refund requested: the timeline shows when the money is back.');
    expect(page).toContain('finance@example.cz: refund-requested (“Pluxee confirmed refunds work again.”)');
    expect(page).toContain('Payment by pluxee_cafeteria: PAID → REFUNDED, by refund (operator)');
    // The money that went back is corrected on a credit note, which the console links as the customer's page does.
    const creditNote = `/api/orders/${order.orderId!.id}/documents/credit-note.pdf`;
    expect(page).toContain(`<a href="${creditNote}">Credit note (PDF)</a>`);
    const pdf = await finance.request(creditNote);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect((await finance.submit('/console/refund', { payment: payment.id, nonce: crypto.randomUUID(), reason: 'Again.' })).status).toBe(409);
    const log = await (await support.request('/console/audit')).text();
    expect(log).toContain(
      `<td>finance@example.cz</td><td>refund-requested</td><td><a href="/console/orders?number=${order.orderNumber}">${order.orderNumber}</a></td><td>Pluxee confirmed refunds work again.</td>`,
    );
  });
});
