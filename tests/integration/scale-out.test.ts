import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { ORDER_FORM } from './support/shop';

/** Starts one site process on the test database and waits until it serves. */
async function startSite(databaseUrl: string, env: Record<string, string>): Promise<{ url: string | null; child: ChildProcess }> {
  const child = spawn('node_modules/.bin/tsx', ['--tsconfig', 'tsconfig.json', '--import', './server/node-hooks.mjs', 'tests/integration/support/site-process.mts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: 'test', SANDBOX: 'on', HOSTS_CZ: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { url: (JSON.parse(line) as { url: string | null }).url, child };
  }
  throw new Error('the site process ended before it served');
}

/**
 * Scale-out: two web processes without jobs and one worker on one PostgreSQL database. A
 * payment's return reaches both web processes at once, repeatedly, while the gateway notifies
 * one of them: the payment is applied once, the voucher issued once, each e-mail sent once.
 */
describe.runIf(process.env.DATABASE_URL)('two web processes and a worker on one PostgreSQL', () => {
  let database: TestDatabase;
  let databaseUrl: string;
  const children: ChildProcess[] = [];
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    databaseUrl = (database.options as { databaseUrl: string }).databaseUrl;
    const first = await startSite(databaseUrl, { LISTEN: '1', WORKER: 'off' });
    children.push(first.child);
    a = first.url!;
    const second = await startSite(databaseUrl, { LISTEN: '1', WORKER: 'off', PUBLIC_URL_CZ: a });
    children.push(second.child);
    b = second.url!;
    // The worker reaches the simulators (bank statement) through the first web process.
    const worker = await startSite(databaseUrl, { LISTEN: '0', WORKER: 'on', PORT: new URL(a).port, PUBLIC_URL_CZ: a });
    children.push(worker.child);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.drop();
  });

  const query = async <T>(sql: string, values: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  };

  it('applies a payment once, issues one voucher and sends each e-mail once', async () => {
    const created = await fetch(`${a}/api/dzb.v1.ApiService/VoucherOrderCreate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: JSON.stringify({
        productVariant: { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' },
        voucherValue: { currencyCode: 'CZK', units: '1000' },
        paymentRequest: { lastPayment: { methodId: { id: 'pluxee_cafeteria' } } },
        order: ORDER_FORM,
      }),
    });
    expect(created.status).toBe(200);
    const orderId = ((await created.json()) as { order: { orderId: { id: string } } }).order.orderId.id;
    const [payment] = await query<{ id: string; gateway_payment_id: string }>('SELECT id, gateway_payment_id FROM payments WHERE owner_id = $1', [orderId]);

    const paid = await fetch(`${a}/sandbox/api/gateways/pluxee/payments/${encodeURIComponent(payment!.gateway_payment_id)}/pay`, { method: 'POST' });
    const returnUrl = new URL(((await paid.json()) as { returnUrl: string }).returnUrl);
    const returns = [a, b, a, b, a, b].map((site) => fetch(`${site}${returnUrl.pathname}${returnUrl.search}`, { redirect: 'manual' }));
    expect((await Promise.all(returns)).map((r) => r.status)).toEqual([303, 303, 303, 303, 303, 303]);

    await expect
      .poll(async () => (await query<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE status = 'sent' AND event_key LIKE 'voucher-issued:%'"))[0]!.n, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('1');
    const events = await query<{ to_status: string }>('SELECT to_status FROM payment_events WHERE payment_id = $1', [payment!.id]);
    expect(events.filter((e) => e.to_status === 'PAID')).toHaveLength(1);
    expect(await query('SELECT id FROM vouchers')).toHaveLength(1);
    const mails = await query<{ event_key: string; status: string; attempts: number }>('SELECT event_key, status, attempts FROM mail_outbox ORDER BY created_at');
    expect(mails.map((m) => m.event_key.split(':')[0])).toEqual(['order-received', 'order-paid', 'voucher-issued']);
    expect(mails.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  }, 120_000);
});
