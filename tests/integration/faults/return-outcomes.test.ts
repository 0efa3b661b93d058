import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '@/server/db/schema/payments';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { databaseKinds } from '../support/databases';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * A customer back from ČSOB while the gateway does not answer the site's status question (found
 * by the soak test under load): they are led to their order's page, not left on an error, and
 * the payment is recorded by the sweep once the gateway answers again.
 */
describe.each(databaseKinds())('a return from the gateway whose status cannot be asked, on %s', (kind) => {
  let shop: Shop;
  let proxy: FaultProxy;
  beforeEach(async () => {
    proxy = await startFaultProxy();
    shop = await openShop(kind, { CSOB_API_URL: `${proxy.url}/sandbox/gateways/csob/api/v1.9` });
    proxy.target = shop.sandbox.url;
  });
  afterEach(async () => {
    await shop.close();
    await proxy.close();
  });

  it('leads the customer to the order page, and the sweep records the payment later', async () => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(1000),
      paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
      order: ORDER_FORM,
    });
    const orderId = order!.orderId!.id;
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, orderId));
    const paid = await fetch(`${shop.sandbox.url}/sandbox/api/gateways/csob/payments/${encodeURIComponent(payment!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    const target = (await paid.json()) as { returnUrl: string; returnMethod: string; returnFields: Record<string, string> };

    proxy.arm(/\/payment\/status\//, { kind: 'status-after', status: 503 });
    const back = new URL(target.returnUrl);
    const post = target.returnMethod.toUpperCase() === 'POST';
    const returned = await fetch(`${shop.sandbox.url}${back.pathname}${back.search}`, {
      method: post ? 'POST' : 'GET',
      redirect: 'manual',
      ...(post ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(target.returnFields).toString() } : {}),
    });
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toContain(orderId);
    expect(proxy.forwarded.some((path) => path.includes('/payment/status/'))).toBe(true);
    const [waiting] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(waiting!.status).toBe('WAITING');

    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 2 * 60_000));
    await reconcileWaitingPayments(shop.ctx.services);
    const [after] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(after!.status).toBe('PAID');
  });
});
