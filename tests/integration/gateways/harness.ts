import { composeSandbox } from '@/compose.mts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GatewayType, PaymentsConfig } from '@/server/config/payments';
import type { DbHandle } from '@/server/db/open-db';
import { createGateways, type Gateways } from '@/server/payments/gateways';
import type { CreateGatewayPayment } from '@/server/payments/gateways/gateway';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { serveFetch, type TestHttpServer } from '../support/http-server';
import { type TestServices, testServices } from '../support/services';

export const START = new Date('2026-11-22T10:00:00Z');

/** Records what the gateways notify, answering with planned statuses (200 once the plan is used up). */
export interface Receiver {
  url: string;
  bodies: string[];
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: string[] = [];
  const plan: number[] = [];
  const server = await serveFetch(async (request) => {
    bodies.push(await request.text());
    const status = plan.shift() ?? 200;
    return new Response(status < 300 ? 'received' : 'try again', { status });
  });
  return { url: `${server.url}/api/payments/notify`, bodies, answerNext: (...statuses) => plan.push(...statuses), close: server.close };
}

export interface Harness {
  test: TestServices;
  sandbox: TestHttpServer;
  receiver: Receiver;
  /** The site's payments configuration, its gateway addresses pointing at the served sandbox. */
  payments: PaymentsConfig;
  gateways: Gateways;
  keysDir: string;
  /** Calls a JSON action of the simulators. */
  action(type: GatewayType, id: string, action: string): Promise<{ status: number; body: Record<string, unknown> }>;
  debug(type: GatewayType, id: string): Promise<Record<string, unknown>>;
  payment(overrides?: Partial<CreateGatewayPayment>): CreateGatewayPayment;
  close(): Promise<void>;
}

/**
 * The sandbox served over real HTTP on a fresh database, the site's real adapters pointed at it,
 * and a receiver standing in for the site's notification endpoint.
 */
export async function startHarness(kind: TestDatabase['name']): Promise<Harness> {
  const database = await createTestDatabase(kind);
  const db: DbHandle = await database.open();
  const keysDir = mkdtempSync(path.join(tmpdir(), 'dzb-gateway-keys-'));
  const test = testServices({ APP_ENV: 'test', SANDBOX_KEYS_DIR: keysDir }, { db });
  test.setNow(START);
  const sandbox = await serveFetch(composeSandbox(test.services));
  const receiver = await startReceiver();
  const { config } = test.services;
  // selfUrl follows PORT, which the served sandbox does not use: point the adapters at it instead.
  const payments: PaymentsConfig = {
    ...config.payments,
    gateways: Object.fromEntries(
      Object.entries(config.payments.gateways).map(([type, gateway]) => [type, { ...gateway, apiUrl: gateway.apiUrl.replace(config.selfUrl, sandbox.url) }]),
    ) as PaymentsConfig['gateways'],
  };
  const gateways = createGateways(payments, { clock: test.services.clock, sandbox: true });
  let order = 0;
  return {
    test,
    sandbox,
    receiver,
    payments,
    gateways,
    keysDir,
    async action(type, id, action) {
      const response = await fetch(`${sandbox.url}/sandbox/api/gateways/${type}/payments/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async debug(type, id) {
      const response = await fetch(`${sandbox.url}/sandbox/api/gateways/${type}/payments/${encodeURIComponent(id)}`);
      return (await response.json()) as Record<string, unknown>;
    },
    payment: (overrides = {}) => ({
      paymentId: crypto.randomUUID(),
      orderNumber: String(2026000100 + (order += 1)),
      amount: 123450,
      currency: 'CZK',
      description: 'Hotel Praha, 2 nights',
      language: 'cs',
      returnUrl: 'http://shop.test/api/payments/return',
      notifyUrl: receiver.url,
      ttlSeconds: 900,
      ...overrides,
    }),
    async close() {
      await receiver.close();
      await sandbox.close();
      await db.close();
      await database.drop();
      rmSync(keysDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` holds, polling; the simulators notify in the background. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
