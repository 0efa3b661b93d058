import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { csobClient } from '@/server/payments/gateways/csob/client';
import { INIT_REQUEST } from '@/contracts/csob';
import { initRequest } from '@/server/payments/gateways/csob/init-request';
import { formatDttm } from '@/contracts/dttm';
import { createGateways, GatewayResultError, InvalidGatewaySignature } from '@/server/payments/gateways';
import { CallbackRejected } from '@/server/payments/gateways/gateway';
import { gatewayKeys } from '@/server/payments/gateways/key-ring';
import { returnWholePayment } from '@/server/payments/gateways/return-whole';
import { ensureSandboxKeyPair, readPrivateKey } from '@/contracts/sandbox-keys';
import { signFields } from '@/contracts/signing';
import { databaseKinds } from '../support/databases';
import { type Harness, START, startHarness } from './harness';

describe.each(databaseKinds())('ČSOB simulator and adapter on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());
  afterEach(() => h.test.setNow(START));

  const csob = () => h.gateways.csob;

  it('answers echo, signed both ways', async () => {
    await expect(csob().echo()).resolves.toBeUndefined();
  });

  it('creates a payment whose process URL leads to the card page', async () => {
    const created = await csob().create(h.payment({ amount: 123450, currency: 'CZK' }));
    expect(created.gatewayPaymentId).toMatch(/^[0-9a-f]{12}@SB$/);
    expect(created.redirectUrl).toContain(`/payment/process/M1MIPS0000/${encodeURIComponent(created.gatewayPaymentId)}/`);
    expect(created.redirectUrl).toContain('%40SB');
    const process = await fetch(created.redirectUrl, { redirect: 'manual' });
    expect(process.status).toBe(303);
    const location = process.headers.get('location') ?? '';
    expect(location).toBe(`${h.sandbox.url}/sandbox/gateways/csob/pay/${encodeURIComponent(created.gatewayPaymentId)}`);
    const card = await fetch(location);
    const page = await card.text();
    expect(card.status).toBe(200);
    expect(page).toContain('lang="cs"');
    expect(page).toContain('Platba kartou');
    expect(page).toMatch(/1\s234,50\sKč/);
    expect(page).toContain('M1MIPS0000');
    // On the card page the payment is in progress (2): still waiting.
    expect((await csob().status(created.gatewayPaymentId)).status).toBe('waiting');
    const english = await (await fetch(`${location}?lang=en`)).text();
    expect(english).toContain('Card payment');
  });

  it('answers an unknown payId on process with an HTML page, as the real gateway does', async () => {
    const created = await csob().create(h.payment());
    const unknown = created.redirectUrl.replace(encodeURIComponent(created.gatewayPaymentId), 'ffffffffffff%40SB');
    const response = await fetch(unknown, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('pays: the status is paid and the signed return verifies', async () => {
    const created = await csob().create(h.payment());
    const paid = await h.action('csob', created.gatewayPaymentId, 'pay');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ gatewayPaymentId: created.gatewayPaymentId, status: '7', returnMethod: 'POST' });
    expect(await csob().status(created.gatewayPaymentId)).toEqual({ gatewayPaymentId: created.gatewayPaymentId, status: 'paid' });
    const fields = new URLSearchParams(paid.body.returnFields as Record<string, string>);
    expect(csob().verifyReturn(fields)).toEqual({ gatewayPaymentId: created.gatewayPaymentId });
    expect(Buffer.from(fields.get('merchantData') ?? '', 'base64').toString()).toMatch(/^[0-9a-f-]{36}$/);
    // A second action on a finished payment changes nothing.
    expect((await h.action('csob', created.gatewayPaymentId, 'decline')).status).toBe(409);
  });

  it('refuses a tampered return', async () => {
    const created = await csob().create(h.payment());
    const declined = await h.action('csob', created.gatewayPaymentId, 'decline');
    const fields = new URLSearchParams(declined.body.returnFields as Record<string, string>);
    fields.set('paymentStatus', '7');
    expect(() => csob().verifyReturn(fields)).toThrow(CallbackRejected);
    expect(() => csob().verifyReturn(fields)).toThrow('invalid_signature');
  });

  it.each([
    ['decline', 'rejected'],
    ['expire', 'rejected'],
    ['cancel', 'cancelled'],
  ])('%s ends %s', async (action, status) => {
    const created = await csob().create(h.payment());
    expect((await h.action('csob', created.gatewayPaymentId, action)).status).toBe(200);
    expect((await csob().status(created.gatewayPaymentId)).status).toBe(status);
  });

  it('lets an unpaid payment expire after ttlSec (6, rejected)', async () => {
    const created = await csob().create(h.payment({ ttlSeconds: 300 }));
    h.test.setNow(new Date(START.getTime() + 299_000));
    expect((await csob().status(created.gatewayPaymentId)).status).toBe('waiting');
    h.test.setNow(new Date(START.getTime() + 300_000));
    expect((await csob().status(created.gatewayPaymentId)).status).toBe('rejected');
    expect((await h.debug('csob', created.gatewayPaymentId)).payment).toMatchObject({ status: '6' });
  });

  it('reverses a captured payment (7 → 5) and refuses a refund before settlement', async () => {
    const created = await csob().create(h.payment());
    await h.action('csob', created.gatewayPaymentId, 'pay');
    const refund = csob().refund(created.gatewayPaymentId, 1000);
    await expect(refund).rejects.toBeInstanceOf(GatewayResultError);
    await expect(refund).rejects.toMatchObject({ code: 'invalid_state', retryable: false });
    expect(await csob().cancel(created.gatewayPaymentId)).toEqual({ gatewayPaymentId: created.gatewayPaymentId, status: 'revoked' });
    // Cancelling what is already reversed is a no-op.
    expect((await csob().cancel(created.gatewayPaymentId)).status).toBe('revoked');
  });

  it('gives a whole payment back by reversal before settlement and by refund after it', async () => {
    const unsettled = await csob().create(h.payment({ amount: 10000 }));
    await h.action('csob', unsettled.gatewayPaymentId, 'pay');
    expect((await returnWholePayment(csob(), unsettled.gatewayPaymentId, 10000)).status).toBe('revoked');
    const settled = await csob().create(h.payment({ amount: 10000 }));
    await h.action('csob', settled.gatewayPaymentId, 'pay');
    await h.action('csob', settled.gatewayPaymentId, 'settle');
    expect((await returnWholePayment(csob(), settled.gatewayPaymentId, 10000)).status).toBe('refunded');
    expect((await h.debug('csob', settled.gatewayPaymentId)).payment).toMatchObject({ refundedAmount: 10000 });
  });

  it('refunds after settlement, in parts, never more than was paid', async () => {
    const created = await csob().create(h.payment({ amount: 10000 }));
    await h.action('csob', created.gatewayPaymentId, 'pay');
    const settled = await h.action('csob', created.gatewayPaymentId, 'settle');
    expect(settled.body).toEqual({ gatewayPaymentId: created.gatewayPaymentId, status: '8' });
    await expect(csob().cancel(created.gatewayPaymentId)).rejects.toMatchObject({ code: 'invalid_state' });
    expect((await csob().refund(created.gatewayPaymentId, 4000)).status).toBe('refunded');
    await expect(csob().refund(created.gatewayPaymentId, 6001)).rejects.toMatchObject({ code: '110' });
    expect((await csob().refund(created.gatewayPaymentId, 6000)).status).toBe('refunded');
    expect((await h.debug('csob', created.gatewayPaymentId)).payment).toMatchObject({ status: '10', refundedAmount: 10000 });
  });

  it('makes the next refund but loses its answer when told to, once, and only for that payment', async () => {
    const created = await csob().create(h.payment({ amount: 10000 }));
    const other = await csob().create(h.payment({ amount: 10000 }));
    for (const id of [created.gatewayPaymentId, other.gatewayPaymentId]) {
      await h.action('csob', id, 'pay');
      await h.action('csob', id, 'settle');
    }
    expect(await h.action('csob', created.gatewayPaymentId, 'lose-refund-answer')).toEqual({ status: 200, body: { gatewayPaymentId: created.gatewayPaymentId, loseRefundAnswer: true } });
    expect((await h.action('csob', 'no-such-payment', 'lose-refund-answer')).status).toBe(404);
    // A refused refund makes nothing and answers as ever: the answer of the next one made is lost.
    await expect(csob().refund(created.gatewayPaymentId, 10001)).rejects.toMatchObject({ code: '110' });
    expect((await csob().refund(other.gatewayPaymentId, 1000)).status).toBe('refunded');
    await expect(csob().refund(created.gatewayPaymentId, 4000)).rejects.toThrow(/outcome unknown \(HTTP 504\)/);
    expect((await h.debug('csob', created.gatewayPaymentId)).payment).toMatchObject({ status: '10', refundedAmount: 4000 });
    expect((await csob().refund(created.gatewayPaymentId, 1000)).status).toBe('refunded');
    expect((await h.debug('csob', created.gatewayPaymentId)).payment).toMatchObject({ refundedAmount: 5000 });
  });

  it('authorizes without capture (4), captures less with close (7), reverses from 4', async () => {
    const client = csobClient({ config: h.payments.gateways.csob, keys: gatewayKeys('csob', h.payments, true), clock: h.test.services.clock, fetch });
    const authorize = async () => {
      const answer = await client.init({ ...initRequest(h.payment({ amount: 5000 }), 'M1MIPS0000'), closePayment: false });
      const payId = String(answer.payId);
      expect((await h.action('csob', payId, 'pay')).body.status).toBe('4');
      return payId;
    };
    const captured = await authorize();
    expect((await csob().status(captured)).status).toBe('paid');
    expect((await client.close(captured, 4000)).paymentStatus).toBe(7);
    expect((await h.debug('csob', captured)).payment).toMatchObject({ status: '7', amount: 4000 });
    await expect(client.close(captured)).rejects.toMatchObject({ code: '150' });
    const reversed = await authorize();
    expect((await csob().cancel(reversed)).status).toBe('revoked');
  });

  it('settles a captured payment by itself after a while (7 → 8)', async () => {
    const created = await csob().create(h.payment());
    await h.action('csob', created.gatewayPaymentId, 'pay');
    h.test.setNow(new Date(START.getTime() + 60_000));
    expect((await csob().status(created.gatewayPaymentId)).status).toBe('paid');
    expect((await h.debug('csob', created.gatewayPaymentId)).payment).toMatchObject({ status: '8' });
  });

  it('answers an unknown payment with resultCode 140', async () => {
    await expect(csob().status('000000000000@SB')).rejects.toMatchObject({ code: '140' });
  });

  it('refuses an answer signed with another key', async () => {
    const created = await csob().create(h.payment());
    ensureSandboxKeyPair(h.keysDir, 'stranger');
    const wrongKey = createGateways(
      { ...h.payments, gateways: { ...h.payments.gateways, csob: { ...h.payments.gateways.csob, gatewayKeyFile: path.join(h.keysDir, 'stranger.pub') } } },
      { clock: h.test.services.clock, sandbox: true },
    );
    await expect(wrongKey.csob.status(created.gatewayPaymentId)).rejects.toBeInstanceOf(InvalidGatewaySignature);
  });

  it('refuses an answer changed on the way', async () => {
    const created = await csob().create(h.payment());
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = (await response.text()).replace('"paymentStatus":2', '"paymentStatus":7').replace('"paymentStatus":1', '"paymentStatus":7');
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const tampered = createGateways(h.payments, { clock: h.test.services.clock, sandbox: true, fetch: tampering });
    const status = tampered.csob.status(created.gatewayPaymentId);
    await expect(status).rejects.toBeInstanceOf(InvalidGatewaySignature);
    await expect(status).rejects.toMatchObject({ retryable: false });
  });

  it('answers a request signed with another merchant key with 401', async () => {
    ensureSandboxKeyPair(h.keysDir, 'stranger');
    const wrongKey = createGateways(
      { ...h.payments, gateways: { ...h.payments.gateways, csob: { ...h.payments.gateways.csob, merchantKeyFile: path.join(h.keysDir, 'stranger.key') } } },
      { clock: h.test.services.clock, sandbox: true },
    );
    await expect(wrongKey.csob.create(h.payment())).rejects.toThrow(/HTTP 401/);
  });

  it('refuses a dttm outside the tolerance', async () => {
    const late = createGateways(h.payments, { clock: { now: () => new Date(START.getTime() + 3 * 3600_000) }, sandbox: true });
    await expect(late.csob.create(h.payment())).rejects.toMatchObject({ code: '110' });
  });

  it('answers bad fields with 400 and resultCode 110', async () => {
    const message: Record<string, unknown> = {
      merchantId: 'M1MIPS0000',
      orderNo: '12345',
      dttm: formatDttm(START),
      payOperation: 'payment',
      payMethod: 'card',
      totalAmount: 10000,
      currency: 'CZK',
      closePayment: true,
      returnUrl: 'https://shop.example/return',
      returnMethod: 'POST',
      cart: [{ name: 'Stay', quantity: 1, amount: 9000 }],
      language: 'cs',
    };
    const key = readPrivateKey(path.join(h.keysDir, 'csob-merchant.key'));
    const response = await fetch(`${h.payments.gateways.csob.apiUrl}/payment/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...message, signature: signFields(INIT_REQUEST, message, key) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ resultCode: 110, resultMessage: expect.stringContaining('totalAmount') });
  });
});
