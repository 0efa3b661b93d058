import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@/gen/dzb/v1/order_pb';
import { paymentEvents, payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { issuePurchasedVoucher } from '@/server/orders/voucher/issue';
import { NOTIFICATION } from '@/contracts/benefit';
import { readPrivateKey } from '@/contracts/sandbox-keys';
import { signFields } from '@/contracts/signing';
import { refundPayment } from '@/server/payments/refunds';
import { eventually } from '../gateways/harness';
import { databaseKinds } from '../support/databases';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

describe.each(databaseKinds())('gateway notifications and returns reaching the site, on %s', (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await openShop(kind);
  });
  afterEach(() => shop.close());

  /** A voucher purchase paid whole through one benefit gateway, and its payment row. */
  async function orderPaidWith(methodId: string) {
    const api = shop.ctx.client('cz');
    const { order } = await api.voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: methodId } } }, order: ORDER_FORM });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    return { api, order: order!, payment: payment! };
  }

  const status = async (shopOrder: { orderId?: { id: string } }) => {
    const detail = await shop.ctx.client('cz').orderDetail({ productVariant: CZECH, orderId: shopOrder.orderId });
    return (detail.order.value as { status: OrderStatus }).status;
  };

  const post = (gateway: string, action: string, body: string) =>
    fetch(`${shop.sandbox.url}/api/payments/${gateway}/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('applies a paid notification once, answers its replays as done, and issues one voucher', async () => {
    const { order, payment } = await orderPaidWith('pluxee_cafeteria');
    const paid = await fetch(`${shop.sandbox.url}/sandbox/api/gateways/pluxee/payments/${encodeURIComponent(payment.gatewayPaymentId!)}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    await eventually(() => shop.notifications.length > 0);
    await expect.poll(() => status(order), { timeout: 10_000 }).toBe(OrderStatus.PAID);

    const { body } = shop.notifications[0]!;
    const replays = await Promise.all([post('pluxee', 'notify', body), post('pluxee', 'notify', body), post('pluxee', 'notify', body)]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(replays.map(async (r) => ((await r.json()) as { result: string }).result))).toEqual(['already_processed', 'already_processed', 'already_processed']);
    const events = await shop.handle.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.filter((e) => e.toStatus === 'PAID')).toHaveLength(1);

    await Promise.all([issuePurchasedVoucher(shop.ctx.services, order.orderId!.id), issuePurchasedVoucher(shop.ctx.services, order.orderId!.id)]);
    expect(await shop.handle.db.select().from(vouchers)).toHaveLength(1);
  });

  it('refuses a tampered notification or return with its reason and changes nothing', async () => {
    const { order, payment } = await orderPaidWith('edenred_cafeteria');
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/edenred/payments/${encodeURIComponent(payment.gatewayPaymentId!)}/decline`, { method: 'POST' });
    await eventually(() => shop.notifications.length > 0);
    const { body } = shop.notifications[0]!;
    const before = await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id));

    // The same notification claiming it was paid, under the gateway's old signature.
    const forged = body.replace(/"status":"[a-z_]+"/i, '"status":"paid"');
    expect(forged).not.toBe(body);
    const refused = await post('edenred', 'notify', forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ result: 'rejected', reason: 'invalid_signature' });
    const back = await fetch(`${shop.sandbox.url}/api/payments/edenred/return?gatewayPaymentId=${encodeURIComponent(payment.gatewayPaymentId!)}&signature=AAAA`, { redirect: 'manual' });
    expect(back.status).toBe(400);

    // Correctly signed (with the gateway's own key) but for another amount: refused as such.
    const gatewayKey = readPrivateKey(path.join(shop.ctx.services.config.payments.sandboxKeysDir, 'edenred-gateway.key'));
    const resign = (changes: Record<string, unknown>) => {
      const message: Record<string, unknown> = { ...(JSON.parse(body) as Record<string, unknown>), ...changes };
      delete message.signature;
      return JSON.stringify({ ...message, signature: signFields(NOTIFICATION, message, gatewayKey) });
    };
    const otherAmount = await post('edenred', 'notify', resign({ amount: payment.amount + 100 }));
    expect(await otherAmount.json()).toEqual({ result: 'rejected', reason: 'invalid_amount' });
    // Signed and claiming "paid": the site asks the gateway, which says declined, and that stands.
    await post('edenred', 'notify', resign({ status: 'paid', eventId: crypto.randomUUID() }));

    expect(await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id))).toEqual(before);
    expect(await status(order)).not.toBe(OrderStatus.PAID);
    expect(await shop.handle.db.select().from(vouchers)).toHaveLength(0);
  });

  it('finishes a refund killed after the gateway returned the money, without returning it twice', async () => {
    const { payment } = await orderPaidWith('pluxee_cafeteria');
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/pluxee/payments/${encodeURIComponent(payment.gatewayPaymentId!)}/pay`, { method: 'POST' });
    await expect.poll(async () => (await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status, { timeout: 10_000 }).toBe('PAID');
    // The refund job reached the gateway, then died before recording anything.
    await shop.ctx.services.gateways.pluxee.refund(payment.gatewayPaymentId!, payment.amount);
    await refundPayment(shop.ctx.services, payment.id, 'test');
    await refundPayment(shop.ctx.services, payment.id, 'test');
    const [after] = await shop.handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'REFUNDED', refundedAmount: payment.amount });
    const debug = await (await fetch(`${shop.sandbox.url}/sandbox/api/gateways/pluxee/payments/${encodeURIComponent(payment.gatewayPaymentId!)}`)).json();
    expect(debug).toMatchObject({ payment: { refundedAmount: payment.amount } });
  });
});
