import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenefitGateway } from '@/server/payments/gateways/benefit/adapter';
import { createCsobGateway } from '@/server/payments/gateways/csob/adapter';
import { GatewayError } from '@/server/payments/gateways/gateway';
import { ensureSandboxKeyPair, readPrivateKey, readPublicKey } from '@/contracts/sandbox-keys';
import { OutcomeUnknown } from '@/server/outside/outcome';
import { serveFetch, type TestHttpServer } from '../support/http-server';

/**
 * A gateway having a bad day, over real HTTP: it hangs, throttles or fails. A status query may be
 * retried; a payment init or a refund has an unknown outcome (it may have happened) and never is.
 */
describe('gateway failures', () => {
  let server: TestHttpServer;
  let mode: 'hang' | 429 | 503 | 400 = 'hang';
  const dir = mkdtempSync(path.join(tmpdir(), 'dzb-fault-keys-'));
  ensureSandboxKeyPair(dir, 'merchant');
  ensureSandboxKeyPair(dir, 'gateway');
  const keys = () => ({ merchantKey: readPrivateKey(path.join(dir, 'merchant.key')), gatewayKey: readPublicKey(path.join(dir, 'gateway.pub')) });
  const clock = { now: () => new Date('2026-11-22T10:00:00Z') };
  const payment = {
    paymentId: '0f8e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    orderNumber: '42',
    amount: 1000,
    currency: 'CZK' as const,
    description: 'Stay',
    language: 'cs' as const,
    returnUrl: 'http://shop.test/return',
    notifyUrl: 'http://shop.test/notify',
    ttlSeconds: 600,
  };

  beforeAll(async () => {
    server = await serveFetch(async () => {
      if (mode === 'hang') await new Promise((resolve) => setTimeout(resolve, 2_000));
      const status = mode === 'hang' ? 200 : mode;
      return new Response(JSON.stringify({ resultCode: 900, resultMessage: 'Internal error', code: 'internal' }), { status });
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const config = () => ({ apiUrl: `${server.url}/api`, merchantId: 'M', merchantKeyFile: '-', gatewayKeyFile: '-' });
  const csob = () => createCsobGateway({ config: config(), keys, clock, fetch, timeoutMs: 200 });
  const pluxee = () => createBenefitGateway('pluxee', { config: config(), keys, clock, fetch, timeoutMs: 200, sandbox: true });

  it.each(['hang', 429, 503] as const)('makes a status query retryable, an init or refund an unknown outcome, when the gateway %s', async (fault) => {
    mode = fault;
    for (const gateway of [csob(), pluxee()]) {
      await expect(gateway.status('abc')).rejects.toMatchObject({ name: 'GatewayError', retryable: true });
      await expect(gateway.create(payment)).rejects.toBeInstanceOf(OutcomeUnknown);
    }
    await expect(pluxee().refund('abc', 100)).rejects.toBeInstanceOf(OutcomeUnknown);
  });

  it('names a timeout as such', async () => {
    mode = 'hang';
    await expect(csob().status('abc')).rejects.toThrow(/timed out/);
  });

  it('never retries a client error', async () => {
    mode = 400;
    const failure = await csob().status('abc').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ retryable: false, code: '900' });
  });
});
