import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';
import { operatorAudit, operators } from '@/server/db/schema/operators';
import { payments } from '@/server/db/schema/payments';
import { needsAttention } from '@/server/operators/attention';
import { bookHotelOrder } from '@/server/orders/hotel/book';
import { refundPayment } from '@/server/payments/refunds';
import { HOTELS, openHotelShop, orderByTransfer, payByTransfer } from '../hotel-orders/support';
import { signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import type { Shop } from '../support/shop';

describe.each(databaseKinds())('what needs attention in the console, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openHotelShop(kind);
  });
  afterEach(() => shop.close());

  /** A stay paid by transfer that Booking.com refuses to book, and the transfer refunded. */
  async function failedBooking() {
    const { order } = await orderByTransfer(shop, HOTELS.createFails);
    await payByTransfer(shop, order);
    await bookHotelOrder(shop.ctx.services, order.orderId!.id);
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order.orderId!.id));
    await refundPayment(shop.ctx.services, payment!.id, 'booking_failed');
    return { order, payment: payment! };
  }

  const audit = () =>
    shop.handle.db
      .select({ email: operators.email, action: operatorAudit.action, subject: operatorAudit.subject, reason: operatorAudit.reason, before: operatorAudit.before })
      .from(operatorAudit)
      .innerJoin(operators, eq(operators.id, operatorAudit.operatorId))
      .where(eq(operatorAudit.action, 'attention-resolved'))
      .orderBy(operatorAudit.seq);

  it('lists a failed booking and the transfer to send back, and lets each role deal with its own', async () => {
    const { order, payment } = await failedBooking();
    const items = await needsAttention(shop.ctx.services);
    expect(items.map((item) => [item.kind, item.orderNumber])).toEqual([
      ['booking_failed', order.orderNumber],
      ['transfer_send_back', order.orderNumber],
    ]);
    expect(items[1]!.facts).toEqual({ account: payment.payerAccount, amount: payment.amount, currency: 'CZK' });

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const home = await (await support.request('/console')).text();
    expect(home).toContain('Booking.com did not book the paid stay (it refused the order)');
    expect(home).toContain(`Send ${formatMoney(payment.amount, 'CZK', 'en')} back by bank transfer to account ${payment.payerAccount}.`);
    expect(home).toContain('Finance only');

    const bookingSubject = `booking_failed:${order.orderId!.id}`;
    const confirm = await support.request(`/console/attention?subject=${bookingSubject}`);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('The audit log records you (support@example.cz)');
    const empty = await support.submit('/console/attention', { subject: bookingSubject, reason: '   ' });
    expect([empty.status, (await empty.text()).includes('Write what you did')]).toEqual([400, true]);
    expect(await audit()).toEqual([]);

    const done = await support.submit('/console/attention', { subject: bookingSubject, reason: 'Offered the customer Hotel Wawel instead.' });
    expect([done.status, done.headers.get('location')]).toEqual([303, `/console?resolved=${order.orderNumber}`]);
    expect(await (await support.request(done.headers.get('location')!)).text()).toContain(`Order ${order.orderNumber}: marked as dealt with.`);
    const orderPage = await (await support.request(`/console/orders?number=${order.orderNumber}`)).text();
    expect(orderPage).toContain('support@example.cz: attention-resolved (“Offered the customer Hotel Wawel instead.”)');
    const again = await support.submit('/console/attention', { subject: bookingSubject, reason: 'Twice.' });
    expect(again.status).toBe(409);

    const transferSubject = `transfer_send_back:${payment.id}`;
    const refused = await support.submit('/console/attention', { subject: transferSubject, reason: 'Sent it.' });
    expect(refused.status).toBe(403);
    expect((await needsAttention(shop.ctx.services)).map((item) => item.kind)).toEqual(['transfer_send_back']);

    const finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
    expect((await finance.submit('/console/attention', { subject: transferSubject, reason: 'Sent back from the company account.' })).status).toBe(303);
    expect(await needsAttention(shop.ctx.services)).toEqual([]);
    expect(await audit()).toEqual([
      {
        email: 'support@example.cz',
        action: 'attention-resolved',
        subject: bookingSubject,
        reason: 'Offered the customer Hotel Wawel instead.',
        before: { kind: 'booking_failed', orderNumber: order.orderNumber, since: expect.any(String), failure: 'booking_failed' },
      },
      {
        email: 'finance@example.cz',
        action: 'attention-resolved',
        subject: transferSubject,
        reason: 'Sent back from the company account.',
        before: { kind: 'transfer_send_back', orderNumber: order.orderNumber, since: expect.any(String), account: payment.payerAccount, amount: payment.amount, currency: 'CZK' },
      },
    ]);
  });

  it('writes one entry when the same item is marked twice at once', async () => {
    const { order } = await failedBooking();
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    const subject = `booking_failed:${order.orderId!.id}`;
    const answers = await Promise.all([1, 2, 3].map((n) => support.submit('/console/attention', { subject, reason: `Called the customer (${n}).` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409]);
    expect(await audit()).toHaveLength(1);
  });

  it('refuses a subject that names nothing open, and a form from a stranger', async () => {
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect((await support.request('/console/attention?subject=booking_failed:00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await support.submit('/console/attention', { subject: "booking_failed:' OR 1=1 --", reason: 'x' })).status).toBe(404);
    support.cookie = '';
    const anonymous = await support.submit('/console/attention', { subject: 'booking_failed:00000000-0000-4000-8000-000000000000', reason: 'x' });
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([303, '/console/sign-in']);
    expect(await audit()).toEqual([]);
  });
});
