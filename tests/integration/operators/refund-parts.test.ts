import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorAudit } from '@/server/db/schema/operators';
import { paymentRefunds, payments } from '@/server/db/schema/payments';
import { needsAttention } from '@/server/operators/attention';
import { AskLater } from '@/server/outside/outcome';
import { refundPayment } from '@/server/payments/refunds';
import { reconcileWaitingPayments } from '@/server/payments/sweeps';
import { type ConsoleBrowser, signedInOperator } from '../support/console-browser';
import { databaseKinds } from '../support/databases';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { CZECH, CZK, openShop, ORDER_FORM, type Shop } from '../support/shop';

/**
 * Finance returns part of a paid payment from the console: ČSOB takes the amount once it has
 * settled the card payment, a bank transfer becomes an instruction for that part, a benefit
 * gateway returns whole only; the asks never add up to more than was paid, and a part whose
 * answer is lost and whose outcome the gateway cannot tell waits for a person.
 */
describe.each(databaseKinds())('refunds in part from the console, on %s', (kind) => {
  let shop: Shop;
  let proxy: FaultProxy;
  let finance: ConsoleBrowser;
  beforeEach(async () => {
    proxy = await startFaultProxy();
    shop = await openShop(kind, { CSOB_API_URL: `${proxy.url}/sandbox/gateways/csob/api/v1.9` });
    proxy.target = shop.sandbox.url;
    finance = await signedInOperator(shop, 'finance@example.cz', 'finance');
  });
  afterEach(async () => {
    await shop.close();
    await proxy.close();
  });

  /** A 1000 Kč voucher bought with the method, paid at its gateway and seen by the sweep: the order is PAID. */
  async function paidVoucherOrder(methodId: string, gateway: string) {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: methodId } } }, order: ORDER_FORM });
    const [payment] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    // Paid just before the sweep asks: ČSOB has captured the payment and not settled it yet.
    shop.ctx.setNow(new Date(shop.ctx.services.clock.now().getTime() + 2 * 60_000));
    await fetch(`${shop.sandbox.url}/sandbox/api/gateways/${gateway}/payments/${encodeURIComponent(payment!.gatewayPaymentId!)}/pay`, { method: 'POST' });
    await reconcileWaitingPayments(shop.ctx.services);
    return { number: order!.orderNumber, payment: (await paymentNow(payment!.id))! };
  }
  const paymentNow = async (id: string) => (await shop.handle.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundsOf = (id: string) => shop.handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, id)).orderBy(paymentRefunds.createdAt);
  const settleAtCsob = (id: string) => fetch(`${shop.sandbox.url}/sandbox/api/gateways/csob/payments/${encodeURIComponent(id)}/settle`, { method: 'POST' });
  const atCsob = async (id: string) =>
    ((await (await fetch(`${shop.sandbox.url}/sandbox/api/gateways/csob/payments/${encodeURIComponent(id)}`)).json()) as { payment: { refundedAmount: number; status: string } }).payment;
  const refundForm = (paymentId: string) => finance.hiddenFields(`/console/refund?payment=${paymentId}`);

  it('returns a part of a card payment once ČSOB settled it, never more than is left, and support may not', async () => {
    const { number, payment } = await paidVoucherOrder('payment_card', 'csob');
    const orderPage = `/console/orders?number=${number}`;
    expect(await (await finance.request(orderPage)).text()).toContain(`/console/refund?payment=${payment.id}`);
    const form = await (await finance.request(`/console/refund?payment=${payment.id}`)).text();
    expect(form).toContain('The order stays as it is (a booked stay stays booked): only this money goes back.');
    expect(form).toContain(`value="${(payment.amount / 100).toFixed(2)}"`);

    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect((await support.request(`/console/refund?payment=${payment.id}`)).status).toBe(403);
    expect((await support.submit('/console/refund', { payment: payment.id, nonce: crypto.randomUUID(), amount: '100', reason: 'Goodwill.' })).status).toBe(403);
    expect(await refundsOf(payment.id)).toEqual([]);

    const fields = await refundForm(payment.id);
    for (const amount of ['-5', '0', '12,345', 'ten']) {
      const wrong = await finance.submit('/console/refund', { ...fields, amount, reason: 'Goodwill.' });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('Write the amount in CZK, more than zero and at most');
    }
    const tooMuch = await finance.submit('/console/refund', { ...fields, amount: String(payment.amount / 100 + 1), reason: 'Goodwill.' });
    expect(await tooMuch.text()).toContain('can go back: the rest has gone back or is asked for already.');
    const asked = await finance.submit('/console/refund', { ...fields, amount: '250,50', reason: 'The pool was closed.' });
    expect([asked.status, asked.headers.get('location')]).toEqual([303, `${orderPage}&refund`]);
    expect((await finance.submit('/console/refund', { ...fields, amount: '250,50', reason: 'Sent twice.' })).status).toBe(303);
    expect(await refundsOf(payment.id)).toMatchObject([{ amount: 25_050, state: 'requested', reason: 'operator' }]);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'PAID', refundedAmount: 0, refundPending: 25_050 });

    // Captured today, settled tonight: a part waits for the settlement instead of being reversed whole.
    await expect(refundPayment(shop.ctx.services, payment.id, 'operator', false)).rejects.toBeInstanceOf(AskLater);
    expect(await refundsOf(payment.id)).toMatchObject([{ state: 'requested' }]);
    expect(proxy.forwarded.filter((path) => /\/payment\/(refund|reverse)$/.test(path))).toHaveLength(0);
    await settleAtCsob(payment.gatewayPaymentId!);
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'PAID', refundedAmount: 25_050, refundPending: 0 });
    expect(await atCsob(payment.gatewayPaymentId!)).toMatchObject({ refundedAmount: 25_050, status: '10' });

    // The database refuses asks beyond what was paid, whatever code tries.
    const beyond = await shop.handle.db.execute(sql`UPDATE payments SET refund_pending = amount WHERE id = ${payment.id}::uuid`).catch((error: Error) => error);
    expect(String((beyond as Error).cause ?? beyond)).toMatch(/payments_refund_pending/);

    // The rest, in the form's default amount: the payment ends REFUNDED.
    const rest = await refundForm(payment.id);
    const page = await (await finance.request(`/console/refund?payment=${payment.id}`)).text();
    expect(page).toContain(`value="${((payment.amount - 25_050) / 100).toFixed(2)}"`);
    await finance.submit('/console/refund', { ...rest, amount: ((payment.amount - 25_050) / 100).toFixed(2), reason: 'The customer asked for the rest.' });
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: payment.amount, refundPending: 0 });
    expect((await finance.request(`/console/refund?payment=${payment.id}`)).status).toBe(409);

    const timeline = await (await finance.request(orderPage)).text();
    expect(timeline).toMatch(/Refund of CZK\s250.50 asked for \(payment by payment_card; operator\)/);
    expect(timeline).toMatch(/Refund of CZK\s250.50 went back \(payment by payment_card\)/);
    expect(timeline).toContain('finance@example.cz: refund-requested (“The pool was closed.”)');
    const entries = await shop.handle.db.select({ reason: operatorAudit.reason, after: operatorAudit.after }).from(operatorAudit).where(eq(operatorAudit.action, 'refund-requested'));
    expect(entries.map((entry) => entry.reason)).toEqual(['The pool was closed.', 'The customer asked for the rest.']);
    expect(entries[0]!.after).toMatchObject({ amount: 25_050 });
  });

  it('refuses a part of a Pluxee payment with the reason, and returns it whole', async () => {
    const { payment } = await paidVoucherOrder('pluxee_cafeteria', 'pluxee');
    const page = await (await finance.request(`/console/refund?payment=${payment.id}`)).text();
    expect(page).toContain('pluxee_cafeteria returns only the whole payment:');
    expect(page).not.toContain('name="amount"');
    const fields = await refundForm(payment.id);
    const part = await finance.submit('/console/refund', { ...fields, amount: '100', reason: 'Goodwill.' });
    expect(part.status).toBe(400);
    expect(await part.text()).toMatch(/pluxee_cafeteria returns only the whole payment \(CZK\s1,100\): a part cannot go back\./);
    expect(await refundsOf(payment.id)).toEqual([]);
    expect((await finance.submit('/console/refund', { ...fields, reason: 'The customer returned the voucher unused.' })).status).toBe(303);
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: payment.amount });
  });

  it('makes a part of a bank transfer an instruction to send that part back by hand', async () => {
    const { order } = await shop.ctx.client('cz').voucherOrderCreate({ productVariant: CZECH, voucherValue: CZK(1000), paymentRequest: { lastPayment: { methodId: { id: 'transfer' } } }, order: ORDER_FORM });
    const [waiting] = await shop.handle.db.select().from(payments).where(eq(payments.ownerId, order!.orderId!.id));
    await shop.transfer(waiting!.variableSymbol!, waiting!.amount);
    const { importBankTransfers } = await import('@/server/payments/bank-import');
    await importBankTransfers(shop.ctx.services);
    const fields = await refundForm(waiting!.id);
    await finance.submit('/console/refund', { ...fields, amount: '300', reason: 'Charged twice for the fee.' });
    await refundPayment(shop.ctx.services, waiting!.id, 'operator', false);
    const [refund] = await refundsOf(waiting!.id);
    expect(refund).toMatchObject({ amount: 30_000, state: 'done' });
    expect(await paymentNow(waiting!.id)).toMatchObject({ status: 'PAID', refundedAmount: 30_000 });
    expect((await needsAttention(shop.ctx.services)).filter((item) => item.kind === 'transfer_send_back')).toMatchObject([
      { id: refund!.id, orderNumber: order!.orderNumber, facts: { amount: 30_000, currency: 'CZK' } },
    ]);

    // Its audit entry names the part's refund: the order's timeline and the audit log still find the order.
    const reason = 'Sent 300 Kč back from the company account.';
    expect((await finance.submit('/console/attention', { subject: `transfer_send_back:${refund!.id}`, reason })).status).toBe(303);
    expect(await (await finance.request(`/console/orders?number=${order!.orderNumber}`)).text()).toContain(`finance@example.cz: attention-resolved (“${reason}”)`);
    expect(await (await finance.request('/console/audit')).text()).toContain(`<a href="/console/orders?number=${order!.orderNumber}">${order!.orderNumber}</a></td><td>${reason}</td>`);
  });

  it('leaves a further part whose answer was lost to a person, who settles it; nothing more is sent meanwhile', async () => {
    const { number, payment } = await paidVoucherOrder('payment_card', 'csob');
    await settleAtCsob(payment.gatewayPaymentId!);
    await finance.submit('/console/refund', { ...(await refundForm(payment.id)), amount: '100', reason: 'First part.' });
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    // ČSOB says "refunded" (10) from now on, before and after every further part.
    await finance.submit('/console/refund', { ...(await refundForm(payment.id)), amount: '200', reason: 'Second part.' });
    proxy.arm('/payment/refund', { kind: 'drop-after' });
    await expect(refundPayment(shop.ctx.services, payment.id, 'operator', false)).rejects.toThrow();
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    const second = (await refundsOf(payment.id)).find((refund) => refund.amount === 20_000)!;
    expect(second).toMatchObject({ amount: 20_000, state: 'unknown', gatewayBefore: 'refunded' });
    expect(await atCsob(payment.gatewayPaymentId!)).toMatchObject({ refundedAmount: 30_000 });
    // A third part waits behind it: nothing more of this payment is sent.
    await finance.submit('/console/refund', { ...(await refundForm(payment.id)), amount: '50', reason: 'Third part.' });
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    expect(proxy.forwarded.filter((path) => path.endsWith('/payment/refund'))).toHaveLength(2);
    expect(await needsAttention(shop.ctx.services)).toMatchObject([{ kind: 'refund_unknown', id: second.id, orderNumber: number, facts: { amount: 20_000 } }]);

    const home = await (await finance.request('/console')).text();
    expect(home).toContain(`/console/refunds/settle?refund=${second.id}`);
    const support = await signedInOperator(shop, 'support@example.cz', 'support');
    expect((await support.request(`/console/refunds/settle?refund=${second.id}`)).status).toBe(403);
    const fields = await finance.hiddenFields(`/console/refunds/settle?refund=${second.id}`);
    expect((await support.submit('/console/refunds/settle', { ...fields, outcome: 'back', reason: 'Seen.' })).status).toBe(403);
    expect((await finance.submit('/console/refunds/settle', { ...fields, reason: 'Seen.' })).status).toBe(400);
    const settled = await finance.submit('/console/refunds/settle', { ...fields, outcome: 'back', reason: 'The ČSOB portal lists the 200 Kč refund.' });
    expect([settled.status, settled.headers.get('location')]).toEqual([303, `/console/orders?number=${number}&settled`]);
    expect((await finance.submit('/console/refunds/settle', { ...fields, outcome: 'not_back', reason: 'Sent twice.' })).status).toBe(303);
    expect(await paymentNow(payment.id)).toMatchObject({ refundedAmount: 30_000, refundPending: 5_000 });
    await refundPayment(shop.ctx.services, payment.id, 'operator', false);
    expect(await paymentNow(payment.id)).toMatchObject({ status: 'PAID', refundedAmount: 35_000, refundPending: 0 });
    expect(await atCsob(payment.gatewayPaymentId!)).toMatchObject({ refundedAmount: 35_000 });
    expect(await needsAttention(shop.ctx.services)).toEqual([]);
    const entries = await shop.handle.db.select({ after: operatorAudit.after }).from(operatorAudit).where(eq(operatorAudit.action, 'refund-settled'));
    expect(entries).toMatchObject([{ after: { outcome: 'back' } }]);
  });
});
