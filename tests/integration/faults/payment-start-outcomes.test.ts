import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@/gen/dzb/v1/order_pb';
import { PaymentStatus } from '@/gen/dzb/v1/payment_pb';
import { paymentEvents, payments } from '@/server/db/schema/payments';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { databaseKinds } from '../support/databases';
import { type Fault, type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * A payment whose start at the gateway fails (a refusal, a 5xx after the gateway made it, a cut
 * connection): the visitor is offered "pay again" at once, the new attempt is paid once, and the
 * payment the gateway may have made, whose page nobody received, takes no money.
 */
describe.each(databaseKinds())('starting payments through faults, on %s', (kind) => {
  let shop: Shop;
  let proxy: FaultProxy;
  beforeEach(async () => {
    proxy = await startFaultProxy();
    shop = await openShop(kind, {
      CSOB_API_URL: `${proxy.url}/sandbox/gateways/csob/api/v1.9`,
      PLUXEE_API_URL: `${proxy.url}/sandbox/gateways/pluxee/api`,
    });
    proxy.target = shop.sandbox.url;
  });
  afterEach(async () => {
    await shop.close();
    await proxy.close();
  });

  it.each([
    ['ČSOB', 'payment_card', 'csob', '/payment/init', { kind: 'status-after', status: 502 }],
    ['ČSOB', 'payment_card', 'csob', '/payment/init', { kind: 'drop-after' }],
    ['ČSOB', 'payment_card', 'csob', '/payment/init', { kind: 'reset' }],
    ['Pluxee', 'pluxee_cafeteria', 'pluxee', '/payments', { kind: 'status-after', status: 503 }],
    ['Pluxee', 'pluxee_cafeteria', 'pluxee', '/payments', { kind: 'drop-after' }],
    ['Pluxee', 'pluxee_cafeteria', 'pluxee', '/payments', { kind: 'too-many', retryAfterSeconds: 30 }],
  ] as [string, string, string, string, Fault][])('%s: a start without an answer (%#) ends the attempt, and paying again pays once', async (_, methodId, gateway, path, fault) => {
    const api = shop.ctx.client('cz');
    proxy.arm(path, fault);
    const { order } = await api.voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: methodId } } }, order: ORDER_FORM });
    const orderId = order!.orderId!.id;
    // The visitor is not sent anywhere: the attempt failed and can be paid again.
    const [failed] = order!.payments;
    expect(failed).toMatchObject({ status: PaymentStatus.REJECTED });
    expect(failed!.gateway).toBeUndefined();
    const rejected = (await shop.handle.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, failed!.paymentId!.id))).find((e) => e.toStatus === 'REJECTED');
    expect(String(rejected?.detail && (rejected.detail as { reason: string }).reason)).toMatch(/^not started/);

    const { payment: again } = await api.paymentRetry({ productVariant: CZECH, orderId: { id: orderId }, paymentId: failed!.paymentId });
    expect(again!.gateway?.url).toBeTruthy();
    const [stored] = await shop.handle.db.select().from(payments).where(eq(payments.id, again!.paymentId!.id));
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(stored!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    shop.ctx.setNow(new Date('2026-11-22T10:02:00Z'));
    await reconcileWaitingPayments(shop.ctx.services);
    await reconcileWaitingPayments(shop.ctx.services);

    const detail = (await api.orderDetail({ productVariant: CZECH, orderId: { id: orderId } })).order.value as { status: OrderStatus };
    expect(detail.status).toBe(OrderStatus.PAID);
    const all = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, orderId));
    expect(all.map((p) => p.status).sort()).toEqual(['PAID', 'REJECTED']);
    // The gateway was asked to start a payment twice (the lost one and the new one), never more.
    expect(proxy.forwarded.filter((p) => p.endsWith(path)).length).toBe(fault.kind === 'reset' || fault.kind === 'too-many' ? 1 : 2);
  });
});
