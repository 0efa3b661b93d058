import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema/orders';
import { paymentEvents, payments } from '@/server/db/schema/payments';
import { databaseKinds } from '../support/databases';
import { type Fault, type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * A benefit gateway's "paid" notification delivered twice: by the network (the same request
 * arrives twice) or by the gateway itself (our answer was lost, so it delivers again). The
 * payment is paid once, with one event, and the order moves once.
 */
describe.each(databaseKinds())('payment notifications through faults, on %s', (kind) => {
  let shop: Shop;
  let proxy: FaultProxy;
  beforeEach(async () => {
    proxy = await startFaultProxy();
    // The site's own address is the proxy's, so the gateway notifies through it.
    shop = await openShop(kind, { PUBLIC_URL_CZ: proxy.url });
    proxy.target = shop.sandbox.url;
  });
  afterEach(async () => {
    await shop.close();
    await proxy.close();
  });

  it.each([
    ['delivered twice by the network', { kind: 'twice' }],
    ['answered 502 after the site took it, so the gateway delivers again', { kind: 'status-after', status: 502 }],
    ['cut after the site took it, so the gateway delivers again', { kind: 'drop-after' }],
  ] as [string, Fault][])('a notification %s pays once', async (_, fault) => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: 'pluxee_cafeteria' } } }, order: ORDER_FORM });
    const orderId = order!.orderId!.id;
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, orderId));
    proxy.arm('/api/payments/pluxee/notify', fault);
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/pluxee/payments/${encodeURIComponent(payment!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    // The gateway's own redelivery comes about 4 s later.
    const deadline = Date.now() + 15_000;
    while (proxy.forwarded.filter((p) => p.endsWith('/notify')).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(proxy.forwarded.filter((p) => p.endsWith('/notify'))).toHaveLength(2);

    const [paid] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(paid!.status).toBe('PAID');
    expect(await shop.handle.db.select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, payment!.id), eq(paymentEvents.toStatus, 'PAID')))).toHaveLength(1);
    const [now] = await shop.handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(now!.status).toBe('PAID');
    expect((await shop.outbox()).filter((m) => m.eventKey === `order-paid:${orderId}`)).toHaveLength(1);
  });
});
