import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema/orders';
import { paymentEvents, payments } from '@/server/db/schema/payments';
import { expireUnpaidOrders } from '@/server/orders/expire';
import { refundLatePayment, refundPayment } from '@/server/payments/refunds';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * Money that may still arrive: an order does not give up on a payment its gateway can still
 * take, money taken after we gave up is found without the visitor's browser and goes back once,
 * and refunds run once however many runs race for them.
 */
describe.each(databaseKinds())('money that arrives late or twice, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  /** A voucher purchase paid by card (ČSOB), and its card payment. */
  async function cardOrder(methodId = 'payment_card') {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: methodId } } }, order: ORDER_FORM });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    return { orderId: order!.orderId!.id, payment: payment! };
  }
  const gatewayAction = (gateway: string, gatewayPaymentId: string, action: string) =>
    fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(gatewayPaymentId)}/${action}`, { method: 'POST' });
  const atGateway = async (gateway: string, gatewayPaymentId: string) =>
    ((await (await fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(gatewayPaymentId)}`)).json()) as { payment: { refundedAmount: number } }).payment;
  const paymentNow = async (id: string) => (await shop.handle.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const orderNow = async (id: string) => (await shop.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('keeps an order past its deadline while its card payment can still be paid, and takes the money', async () => {
    const { orderId, payment } = await cardOrder();
    // A stay starting today: the deadline is already behind, the card page still payable.
    await shop.handle.db.update(orders).set({ payBy: new Date('2026-11-22T09:00:00Z') }).where(eq(orders.id, orderId));
    expect(await expireUnpaidOrders(shop.ctx.services)).toBe(0);
    expect((await orderNow(orderId)).status).toBe('WAITING');

    expect((await gatewayAction('csob', payment.gatewayPaymentId!, 'pay')).status).toBe(200);
    shop.ctx.setNow(new Date('2026-11-22T10:02:00Z'));
    await reconcileWaitingPayments(shop.ctx.services);
    expect((await paymentNow(payment.id)).status).toBe('PAID');
    expect((await orderNow(orderId)).status).toBe('PAID');

    // Once no payment can arrive any more, an unpaid order does expire.
    const other = await cardOrder();
    await shop.handle.db.update(orders).set({ payBy: new Date('2026-11-22T09:00:00Z') }).where(eq(orders.id, other.orderId));
    shop.ctx.setNow(new Date(other.payment.expiresAt.getTime() + 60_000));
    expect(await expireUnpaidOrders(shop.ctx.services)).toBe(1);
  });

  it('finds money paid after the payment was given up, returns it once and tells the customer', async () => {
    const { orderId, payment } = await cardOrder('pluxee_cafeteria');
    // Given up here (the order expired while the gateway could not be asked)…
    await shop.handle.db.update(payments).set({ status: 'CANCELLED' }).where(eq(payments.id, payment.id));
    await shop.handle.db.update(orders).set({ status: 'CANCELLED_AUTOMATICALLY' }).where(eq(orders.id, orderId));
    // …and paid at the gateway all the same, the browser never coming back.
    expect((await gatewayAction('pluxee', payment.gatewayPaymentId!, 'pay')).status).toBe(200);
    shop.ctx.setNow(new Date('2026-11-22T10:02:00Z'));
    await reconcileWaitingPayments(shop.ctx.services);
    const events = await shop.handle.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.some((e) => (e.detail as { problem?: string }).problem === 'unexpected_status')).toBe(true);

    // The refund job, delivered twice at once and once more later: the money goes back once.
    await Promise.allSettled([refundLatePayment(shop.ctx.services, payment.id), refundLatePayment(shop.ctx.services, payment.id)]);
    shop.ctx.setNow(new Date('2026-11-22T10:20:00Z'));
    await refundLatePayment(shop.ctx.services, payment.id);
    expect((await atGateway('pluxee', payment.gatewayPaymentId!)).refundedAmount).toBe(payment.amount);
    expect((await paymentNow(payment.id)).refundedAmount).toBe(payment.amount);
    const told = (await shop.outbox()).filter((m) => m.eventKey === `late-payment-returned:${payment.id}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toBe(ORDER_FORM.email);
    // Returned: the sweep stops asking.
    await reconcileWaitingPayments(shop.ctx.services);
    expect((await atGateway('pluxee', payment.gatewayPaymentId!)).refundedAmount).toBe(payment.amount);
  });

  it('returns a paid payment once when three refund runs race for it', async () => {
    const { payment } = await cardOrder('pluxee_cafeteria');
    await gatewayAction('pluxee', payment.gatewayPaymentId!, 'pay');
    shop.ctx.setNow(new Date('2026-11-22T10:02:00Z'));
    await reconcileWaitingPayments(shop.ctx.services);
    expect((await paymentNow(payment.id)).status).toBe('PAID');
    const runs = await Promise.allSettled([1, 2, 3].map(() => refundPayment(shop.ctx.services, payment.id, 'test')));
    expect(runs.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    // A run that lost the claim is retried later and finds nothing left to do.
    shop.ctx.setNow(new Date('2026-11-22T10:20:00Z'));
    await refundPayment(shop.ctx.services, payment.id, 'test');
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: payment.amount });
    expect((await atGateway('pluxee', payment.gatewayPaymentId!)).refundedAmount).toBe(payment.amount);
  });

  it('moves the order’s deadline with a payment tried again', async () => {
    const { orderId, payment } = await cardOrder();
    await gatewayAction('csob', payment.gatewayPaymentId!, 'decline');
    shop.ctx.setNow(new Date('2026-11-22T10:02:00Z'));
    await reconcileWaitingPayments(shop.ctx.services);
    expect((await paymentNow(payment.id)).status).toBe('REJECTED');
    // The deadline is near when the visitor tries again.
    await shop.handle.db.update(orders).set({ payBy: new Date('2026-11-22T10:05:00Z') }).where(eq(orders.id, orderId));
    const { payment: again } = await shop.ctx.client('cz').paymentRetry({ productVariant: CZECH, orderId: { id: orderId }, paymentId: { id: payment.id } });
    const retried = await paymentNow(again!.paymentId!.id);
    expect((await orderNow(orderId)).payBy.getTime()).toBeGreaterThanOrEqual(retried.expiresAt.getTime());
  });
});
