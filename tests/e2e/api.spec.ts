import { expect, test } from '@playwright/test';
import { type Env, raw, visit } from './support/sites';

/** A bare JSON call, as curl would make it. */
function call(method: string, host: string, env: Env = 'test', body: object = {}) {
  return raw(`/api/dzb.v1.ApiService/${method}`, {
    host,
    env,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const CZECH = { productVariant: { product: 'PRODUCT_DZB_CZ', lang: 'LANG_CS', currency: 'CURRENCY_CZK' } };

test('POST /api/dzb.v1.ApiService/Version with {} answers the version JSON', async () => {
  const res = await call('Version', 'localhost:3100');
  expect(res.status).toBe(200);
  const body = JSON.parse(res.body) as Record<string, string>;
  expect(body.env).toBe('ENVIRONMENT_TEST');
  expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(body.commit).not.toBe('');
  expect(body.uptime).toMatch(/^\d+s$/);
});

test('the production server says it is production', async () => {
  const res = await call('Version', 'pl.localhost:3101', 'prod');
  expect((JSON.parse(res.body) as { env: string }).env).toBe('ENVIRONMENT_PROD');
});

test('an operation asked without what it needs refuses it, instead of making up data', async () => {
  const res = await call('HotelAvailability', 'localhost:3100', 'test', CZECH);
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_argument' });
});

test('a call made for another site than its host is refused', async () => {
  const res = await call('VoucherDetail', 'pl.localhost:3100', 'test', { ...CZECH, voucherCode: '12345678' });
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_argument' });
});

test('/healthz answers 200 when the database answers', async () => {
  const res = await raw('/healthz', { host: 'localhost:3100' });
  expect(res.status).toBe(200);
  const body = JSON.parse(res.body) as { status: string; database: string };
  expect(body.status).toBe('ok');
  expect(body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  expect(res.headers['cache-control']).toBe('no-store');
});

test('/builds/latest.json names the running build', async () => {
  const res = await raw('/builds/latest.json', { host: 'localhost:3100' });
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ id: expect.stringMatching(/.+/) });
});

test('the browser calls the API with the monitoring session header', async ({ page }) => {
  await visit(page, 'http://localhost:3100/');
  const request = page.waitForRequest('**/api/dzb.v1.ApiService/Version');
  await page.getByRole('button', { name: 'Informace o verzi' }).click();
  const headers = (await request).headers();
  expect(headers['x-monitoring-session-id']).toMatch(/^[0-9a-f]{32}$/);
  expect(headers['connect-protocol-version']).toBe('1');
  // The same id for the whole visit.
  const again = page.waitForRequest('**/api/dzb.v1.ApiService/Version');
  await page.getByRole('button', { name: 'Zavřít' }).click();
  await page.getByRole('button', { name: 'Informace o verzi' }).click();
  expect((await again).headers()['x-monitoring-session-id']).toBe(headers['x-monitoring-session-id']);
});
