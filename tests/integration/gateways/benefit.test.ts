import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGateways, GatewayResultError, InvalidGatewaySignature } from '@/server/payments/gateways';
import { CallbackRejected } from '@/server/payments/gateways/gateway';
import { ensureSandboxKeyPair } from '@/contracts/sandbox-keys';
import { databaseKinds } from '../support/databases';
import { eventually, type Harness, START, startHarness } from './harness';

interface DebugEvent {
  eventId: string;
  status: string;
  deliveredAt: string | null;
  attempts: { httpStatus: number | null }[];
}

describe.each(databaseKinds())('benefit gateway simulators and adapter on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => h?.close());
  afterEach(() => h.test.setNow(START));

  /** The notifications the receiver got about one payment, as the adapter reads them. */
  const notified = (type: 'pluxee' | 'edenred' | 'mybenefit', id: string) =>
    h.receiver.bodies
      .filter((body) => (JSON.parse(body) as { gatewayPaymentId?: string }).gatewayPaymentId === id)
      .map((body) => h.gateways[type].verifyNotification(body));

  describe.each(['pluxee', 'edenred', 'mybenefit'] as const)('%s', (type) => {
    const gateway = () => h.gateways[type];

    it('creates a payment with a provider payment page in the payment language', async () => {
      const created = await gateway().create(h.payment({ amount: 99900, currency: 'CZK', language: 'pl' }));
      expect(created.redirectUrl).toBe(`${h.sandbox.url}/sandbox/gateways/${type}/pay/${created.gatewayPaymentId}`);
      const page = await (await fetch(created.redirectUrl)).text();
      expect(page).toContain('lang="pl"');
      expect(page).toContain({ pluxee: 'Pluxee', edenred: 'Edenred', mybenefit: 'MyBenefit' }[type]);
      expect(page).toMatch(/999,00\sCZK/);
      expect(await gateway().status(created.gatewayPaymentId)).toEqual({
        gatewayPaymentId: created.gatewayPaymentId,
        status: 'waiting',
        amount: 99900,
        currency: 'CZK',
      });
    });

    it('pays: notifies the shop, returns signed, and the status is paid', async () => {
      const input = h.payment();
      const created = await gateway().create(input);
      const paid = await h.action(type, created.gatewayPaymentId, 'pay');
      expect(paid.body).toMatchObject({ gatewayPaymentId: created.gatewayPaymentId, status: 'PAID', returnMethod: 'GET' });
      const [notification] = notified(type, created.gatewayPaymentId);
      expect(notification).toMatchObject({ orderNumber: input.orderNumber, amount: input.amount, currency: 'CZK', status: 'paid' });
      const back = new URL(String(paid.body.returnUrl));
      expect(back.origin + back.pathname).toBe(input.returnUrl);
      expect(gateway().verifyReturn(back.searchParams)).toEqual({ gatewayPaymentId: created.gatewayPaymentId });
      expect((await gateway().status(created.gatewayPaymentId)).status).toBe('paid');
    });

    it.each([
      ['decline', 'rejected'],
      ['expire', 'rejected'],
      ['cancel', 'cancelled'],
    ])('%s ends %s and is notified', async (action, status) => {
      const created = await gateway().create(h.payment());
      expect((await h.action(type, created.gatewayPaymentId, action)).status).toBe(200);
      expect((await gateway().status(created.gatewayPaymentId)).status).toBe(status);
      expect(notified(type, created.gatewayPaymentId).map((n) => n.status)).toEqual([status]);
    });

    it('expires an unpaid payment after its ttl and notifies it', async () => {
      const created = await gateway().create(h.payment({ ttlSeconds: 300 }));
      h.test.setNow(new Date(START.getTime() + 301_000));
      expect((await gateway().status(created.gatewayPaymentId)).status).toBe('rejected');
      await eventually(() => notified(type, created.gatewayPaymentId).length === 1);
      expect((await h.debug(type, created.gatewayPaymentId)).payment).toMatchObject({ status: 'EXPIRED' });
    });

    it('cancels a paid payment (storno), refunds in parts, never more than was paid', async () => {
      const cancelled = await gateway().create(h.payment());
      await h.action(type, cancelled.gatewayPaymentId, 'pay');
      expect((await gateway().cancel(cancelled.gatewayPaymentId)).status).toBe('cancelled');
      expect((await gateway().cancel(cancelled.gatewayPaymentId)).status).toBe('cancelled');

      const refunded = await gateway().create(h.payment({ amount: 10000 }));
      await h.action(type, refunded.gatewayPaymentId, 'pay');
      expect(await gateway().refund(refunded.gatewayPaymentId, 2500)).toMatchObject({ status: 'refunded', amount: 10000 });
      await expect(gateway().refund(refunded.gatewayPaymentId, 7501)).rejects.toMatchObject({ code: 'invalid_request' });
      expect((await gateway().refund(refunded.gatewayPaymentId, 7500)).status).toBe('refunded');
      await eventually(() => notified(type, refunded.gatewayPaymentId).length === 3);
      await expect(gateway().cancel(refunded.gatewayPaymentId)).rejects.toBeInstanceOf(GatewayResultError);
    });

    it('redelivers an event with the same eventId', async () => {
      const created = await gateway().create(h.payment());
      await h.action(type, created.gatewayPaymentId, 'pay');
      const again = await h.action(type, created.gatewayPaymentId, 'notify');
      expect(again.body).toMatchObject({ delivered: true, attempts: 2 });
      const deliveries = notified(type, created.gatewayPaymentId);
      expect(deliveries).toHaveLength(2);
      expect(deliveries[1]?.eventId).toBe(deliveries[0]?.eventId);
      expect(deliveries[1]).toEqual(deliveries[0]);
      // The latest event is redelivered even when the clock has not moved between the two.
      await gateway().refund(created.gatewayPaymentId, 100);
      await eventually(() => notified(type, created.gatewayPaymentId).length === 3);
      await h.action(type, created.gatewayPaymentId, 'notify');
      const [, , refund, redelivered] = notified(type, created.gatewayPaymentId);
      expect(redelivered).toEqual(refund);
      expect(redelivered?.status).toBe('refunded');
    });

    it('retries a notification the shop answered with 500', async () => {
      const created = await gateway().create(h.payment());
      h.receiver.answerNext(500);
      const paid = await h.action(type, created.gatewayPaymentId, 'pay');
      expect(paid.body.notification).toMatchObject({ httpStatus: 500, delivered: false, attempts: 1 });
      await eventually(() => notified(type, created.gatewayPaymentId).length === 2, 15_000);
      const [first, second] = notified(type, created.gatewayPaymentId);
      expect(second?.eventId).toBe(first?.eventId);
      // The simulator records the answer to its second attempt just after the shop received it.
      const events = async () => ((await h.debug(type, created.gatewayPaymentId)) as { events: DebugEvent[] }).events;
      await eventually(async () => (await events())[0]?.deliveredAt != null, 5_000);
      const [event, ...more] = await events();
      expect(more).toEqual([]);
      expect(event?.attempts.map((a) => a.httpStatus)).toEqual([500, 200]);
    }, 20_000);

    it('refuses a tampered return and a tampered notification', async () => {
      const created = await gateway().create(h.payment());
      const paid = await h.action(type, created.gatewayPaymentId, 'pay');
      const back = new URL(String(paid.body.returnUrl)).searchParams;
      back.set('gatewayPaymentId', `${created.gatewayPaymentId}0`);
      expect(() => gateway().verifyReturn(back)).toThrow(CallbackRejected);
      const body = h.receiver.bodies.find((b) => b.includes(created.gatewayPaymentId)) ?? '';
      expect(() => gateway().verifyNotification(body.replace('"PAID"', '"REFUNDED"'))).toThrow('invalid_signature');
      // The other provider's key does not verify this one's notifications.
      const other = type === 'pluxee' ? 'edenred' : 'pluxee';
      expect(() => h.gateways[other].verifyNotification(body)).toThrow('invalid_signature');
    });

    it('refuses an answer signed with another key', async () => {
      const created = await gateway().create(h.payment());
      ensureSandboxKeyPair(h.keysDir, 'stranger');
      const wrongKey = createGateways(
        { ...h.payments, gateways: { ...h.payments.gateways, [type]: { ...h.payments.gateways[type], gatewayKeyFile: path.join(h.keysDir, 'stranger.pub') } } },
        { clock: h.test.services.clock, sandbox: true },
      );
      await expect(wrongKey[type].status(created.gatewayPaymentId)).rejects.toBeInstanceOf(InvalidGatewaySignature);
      await expect(wrongKey[type].create(h.payment())).rejects.toBeInstanceOf(InvalidGatewaySignature);
    });

    it('answers a request signed with another merchant key with 401', async () => {
      ensureSandboxKeyPair(h.keysDir, 'stranger');
      const wrongKey = createGateways(
        { ...h.payments, gateways: { ...h.payments.gateways, [type]: { ...h.payments.gateways[type], merchantKeyFile: path.join(h.keysDir, 'stranger.key') } } },
        { clock: h.test.services.clock, sandbox: true },
      );
      await expect(wrongKey[type].create(h.payment())).rejects.toMatchObject({ code: 'invalid_signature' });
    });
  });
});
