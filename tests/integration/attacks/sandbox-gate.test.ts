import { composeSandbox } from '@/compose.mts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '@/sandbox/index';
import { SANDBOX_MODULES } from '@/sandbox/modules';
import { type Clock, startedClock, systemClock } from '@/server/clock';
import { type Config, parseConfig } from '@/server/config';
import { tryItAdapters } from '@/server/payments/gateways/try-it';
import { sandboxGate } from '@/server/security/sandbox-gate';
import { databaseKinds } from '../support/databases';
import { openShop, type Shop } from '../support/shop';

const TOKEN = 'preprod-sandbox-token-0123456789';

/**
 * The simulators pay any order: outside dev and test they must not be a back door. The site is
 * started as in preprod with the sandbox allowed twice over; /sandbox is then asked from outside
 * (x-forwarded-for as server.mts leaves it: the socket's address, or a trusted proxy's word).
 */
describe.each(databaseKinds())('/sandbox in preprod, on %s', (kind) => {
  let shop: Shop;
  let route: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    shop = await openShop(kind);
    const preprod = parseConfig({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod', SANDBOX_TOKEN: TOKEN });
    const sandbox = composeSandbox(shop.ctx.services);
    // As app/sandbox/[[...path]]/route.ts composes them.
    route = async (request) => sandboxGate(request, preprod) ?? sandbox(request);
  });
  afterAll(() => shop.close());

  const ask = (path: string, client: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    route(new Request(`https://preprod.example${path}`, { ...init, headers: { 'x-forwarded-for': client, ...init.headers } }));

  it('answers a stranger 404 on every simulator, and pays nothing', async () => {
    for (const path of ['/sandbox', '/sandbox/mail', '/sandbox/api/mail', '/sandbox/bank', '/sandbox/gateways/csob']) {
      expect((await ask(path, '203.0.113.9')).status).toBe(404);
    }
    const transfer = await ask('/sandbox/api/bank/transfers', '203.0.113.9', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variableSymbol: '2026000001', amount: { currencyCode: 'CZK', units: '100', nanos: 0 } }),
    });
    expect(transfer.status).toBe(404);
    expect((await ask('/sandbox/api/mail', '203.0.113.9', { headers: { 'x-sandbox-token': `${TOKEN}x` } })).status).toBe(404);
  });

  it('answers the site itself on loopback, and whoever shows the token', async () => {
    expect((await ask('/sandbox/api/mail', '127.0.0.1')).status).toBe(200);
    expect((await ask('/sandbox/api/mail', '::1')).status).toBe(200);
    expect((await ask('/sandbox/api/mail', '203.0.113.9', { headers: { 'x-sandbox-token': TOKEN } })).status).toBe(200);
  });

  it('turns a token in the address into a cookie for a tester’s browser, and drops it from the address', async () => {
    const first = await ask(`/sandbox/bank?sandbox_token=${TOKEN}`, '203.0.113.9');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/sandbox/bank');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sandbox_token=.+; Path=\/sandbox; HttpOnly; SameSite=Lax; Secure$/);
    expect((await ask('/sandbox/bank', '203.0.113.9', { headers: { cookie: cookie.split(';')[0]! } })).status).toBe(200);
  });

  it('is closed to everybody but loopback when no token is configured', async () => {
    const noToken = parseConfig({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod' });
    expect(sandboxGate(new Request('https://preprod.example/sandbox', { headers: { 'x-forwarded-for': '203.0.113.9', 'x-sandbox-token': TOKEN } }), noToken)?.status).toBe(404);
    expect(sandboxGate(new Request('https://preprod.example/sandbox', { headers: { 'x-forwarded-for': '127.0.0.1' } }), noToken)).toBeUndefined();
  });

  /**
   * The clock control (sandbox/clock.ts) moves the site's clock on a running server: only a test
   * server started at CLOCK_START has it. The simulators are composed as compose.mts does, with
   * the configuration and clock a server with that environment would have.
   */
  function simulators(env: Record<string, string>, clock?: Clock) {
    const config: Config = parseConfig(env);
    const services = { db: shop.ctx.services.db, report: shop.ctx.services.report, config, clock: clock ?? (config.clockStart ? startedClock(config.clockStart) : systemClock) };
    const sandbox = createSandbox({ services, tryIt: tryItAdapters(shop.ctx.services) }, SANDBOX_MODULES);
    return { clock: services.clock, route: async (request: Request) => sandboxGate(request, config) ?? sandbox(request) };
  }
  const advance = (route: (request: Request) => Promise<Response>, minutes: unknown) =>
    route(new Request('http://127.0.0.1/sandbox/api/clock/advance', { method: 'POST', headers: { 'x-forwarded-for': '127.0.0.1' }, body: JSON.stringify({ minutes }) }));

  it('moves the clock of a test server started at CLOCK_START forward, and only forward', async () => {
    const { clock, route } = simulators({ APP_ENV: 'test', CLOCK_START: '2026-12-10T20:40:00Z' });
    const before = clock.now().getTime();
    const moved = await advance(route, 31);
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(31 * 60_000);
    expect(clock.now().getTime() - before).toBeLessThan(32 * 60_000);
    expect((await (await route(new Request('http://127.0.0.1/sandbox/api/clock'))).json()) as { now: string }).toEqual({ now: expect.any(String) });
    for (const minutes of [-5, 0, 1.5, '31', 24 * 60 + 1]) expect((await advance(route, minutes)).status).toBe(400);
    expect(clock.now().getTime() - before).toBeLessThan(32 * 60_000);
    expect(() => clock.advance!(-1)).toThrow(/forward only/);
  });

  it('is a 404 without CLOCK_START, in dev, and in preprod, where CLOCK_START is refused outright', async () => {
    const dev = simulators({ APP_ENV: 'dev', CLOCK_START: '2026-12-10T20:40:00Z' });
    const before = dev.clock.now().getTime();
    expect((await advance(dev.route, 31)).status).toBe(404);
    expect(dev.clock.now().getTime() - before).toBeLessThan(60_000);
    expect((await advance(simulators({ APP_ENV: 'test' }).route, 31)).status).toBe(404);
    expect((await simulators({ APP_ENV: 'test' }).route(new Request('http://127.0.0.1/sandbox/api/clock'))).status).toBe(404);
    expect(() => parseConfig({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod', CLOCK_START: '2026-12-10T20:40:00Z' })).toThrow(/CLOCK_START is for dev and test only/);
    // Even handed a movable clock, a preprod site's simulators (asked on loopback) leave it alone.
    const preprod = simulators({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod', SANDBOX_TOKEN: TOKEN }, startedClock(new Date('2026-12-10T20:40:00Z')));
    const then = preprod.clock.now().getTime();
    expect((await advance(preprod.route, 31)).status).toBe(404);
    expect(preprod.clock.now().getTime() - then).toBeLessThan(60_000);
  });
});
