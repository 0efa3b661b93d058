import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '@/server/db/schema/payments';
import { OutcomeUnknown } from '@/server/outside/outcome';
import { refundPayment } from '@/server/payments/refunds';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { databaseKinds } from '../support/databases';
import { type Fault, type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * A refund whose answer is lost (a 502 after the gateway returned the money, a cut connection):
 * the outcome is unknown, so the next run asks the gateway before returning anything, and the
 * money goes back once.
 */
describe.each(databaseKinds())('refunds through faults, on %s', (kind) => {
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

  async function paidWith(methodId: string, gateway: string) {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: methodId } } }, order: ORDER_FORM });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(payment!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    shop.ctx.setNow(new Date('2026-11-22T10:02:00Z'));
    await reconcileWaitingPayments(shop.ctx.services);
    return payment!;
  }
  const refundedAtGateway = async (gateway: string, id: string) =>
    ((await (await fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(id)}`)).json()) as { payment: { refundedAmount?: number; status?: string | number } }).payment;

  // ČSOB returns an unsettled card payment by reversing it, a settled one by refunding it.
  it.each([
    ['Pluxee', 'pluxee_cafeteria', 'pluxee', ['/refund'], { kind: 'status-after', status: 502 }],
    ['Pluxee', 'pluxee_cafeteria', 'pluxee', ['/refund'], { kind: 'drop-after' }],
    ['ČSOB', 'payment_card', 'csob', ['/payment/reverse', '/payment/refund'], { kind: 'status-after', status: 503 }],
    ['ČSOB', 'payment_card', 'csob', ['/payment/reverse', '/payment/refund'], { kind: 'drop-after' }],
    // The answer comes after the site's 10 s timeout.
    ['ČSOB', 'payment_card', 'csob', ['/payment/reverse', '/payment/refund'], { kind: 'slow-after', ms: 11_000 }],
  ] as [string, string, string, string[], Fault][])('%s: a lost refund answer (%#) is asked about, not repeated', async (_, methodId, gateway, paths, fault) => {
    const payment = await paidWith(methodId, gateway);
    expect((await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe('PAID');
    for (const path of paths) proxy.arm(path, fault);
    await expect(refundPayment(shop.ctx.services, payment.id, 'test')).rejects.toBeInstanceOf(OutcomeUnknown);
    const [between] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(between).toMatchObject({ status: 'PAID', refundClaimedAt: null });

    await refundPayment(shop.ctx.services, payment.id, 'test');
    await refundPayment(shop.ctx.services, payment.id, 'test');
    const [after] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'REFUNDED', refundedAmount: payment.amount });
    expect(proxy.forwarded.filter((p) => paths.some((path) => p.endsWith(path)))).toHaveLength(1);
    if (gateway === 'pluxee') expect((await refundedAtGateway(gateway, payment.gatewayPaymentId!)).refundedAmount).toBe(payment.amount);
  });
});
