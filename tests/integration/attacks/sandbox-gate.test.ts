import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '@/sandbox/index';
import { SANDBOX_MODULES } from '@/sandbox/modules';
import { type Clock, startedClock, systemClock } from '@/server/clock';
import { type Config, parseConfig } from '@/server/config';
import type { DbHandle } from '@/server/db/open-db';
import { HEADER_DIRECT_PEER } from '@/server/net/trusted-proxies';
import { tryItAdapters } from '@/server/payments/gateways/try-it';
import { sandboxGate } from '@/server/security/sandbox-gate';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { testServices } from '../support/services';
import { siteOverHttp } from '../support/site-http';

const TOKEN = 'preprod-sandbox-token-0123456789';
const PREPROD = { APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod' };

/** Each header by which a proxy tells of a hop before it, with a value that names this machine. */
const FORWARDING: [string, string][] = [
  ['x-forwarded-for', '127.0.0.1'],
  ['x-forwarded-host', 'localhost'],
  ['x-forwarded-proto', 'http'],
  ['x-forwarded-port', '3000'],
  ['x-forwarded-server', 'localhost'],
  ['forwarded', 'for=127.0.0.1;host=localhost'],
  ['x-real-ip', '127.0.0.1'],
  ['via', '1.1 localhost'],
  ['true-client-ip', '127.0.0.1'],
  ['cf-connecting-ip', '::1'],
];

/**
 * The simulators pay any order: outside dev and test they must not be a back door, however the
 * site is deployed. The site runs as in preprod with the sandbox allowed twice over, behind the
 * request listener server.mts uses, on a real socket; every request here reaches it from
 * 127.0.0.1, as from a reverse proxy on the same host would.
 */
describe.each(databaseKinds())('/sandbox in preprod, on %s', (kind) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let main: ReturnType<typeof testServices>;
  const sites: Record<'untrusting' | 'trusting' | 'tokenless', ReturnType<typeof siteOverHttp>> = {} as never;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = await database.open();
    main = testServices({ ...PREPROD, SANDBOX_TOKEN: TOKEN }, { db: handle });
    // A proxy on this host, not listed in TRUSTED_PROXIES (the easy mistake), then listed.
    sites.untrusting = siteOverHttp(main.services);
    sites.trusting = siteOverHttp(testServices({ ...PREPROD, SANDBOX_TOKEN: TOKEN, TRUSTED_PROXIES: '127.0.0.1' }, { db: handle }).services);
    sites.tokenless = siteOverHttp(testServices(PREPROD, { db: handle }).services);
  });
  afterAll(async () => {
    for (const site of Object.values(sites)) await site.close();
    await main.close();
    await database.drop();
  });

  const ask = (site: keyof typeof sites, target: string, headers: [string, string][] = [], init: { method?: string; body?: string; host?: string } = {}) =>
    sites[site].raw({ method: init.method, target, headers: [['host', init.host ?? '127.0.0.1:3000'], ...headers], body: init.body });

  it('answers the site calling its own simulators: straight from loopback to a loopback host', async () => {
    for (const site of ['untrusting', 'trusting', 'tokenless'] as const) {
      for (const host of ['127.0.0.1:3000', 'localhost:3000', 'cz.localhost:3000', '[::1]:3000']) {
        expect([site, host, (await ask(site, '/sandbox/api/mail', [], { host })).status]).toEqual([site, host, 200]);
      }
    }
  });

  it('answers a request that bears any forwarding header 404, trusted proxy or not, whatever its value', async () => {
    for (const site of ['untrusting', 'trusting', 'tokenless'] as const) {
      for (const header of FORWARDING) {
        expect([site, header, (await ask(site, '/sandbox/api/mail', [header])).status]).toEqual([site, header, 404]);
      }
      // The edge's own mark, written by a client, counts for nothing.
      expect((await ask(site, '/sandbox/api/mail', [['x-forwarded-for', '203.0.113.9'], [HEADER_DIRECT_PEER, '127.0.0.1']])).status).toBe(404);
    }
  });

  it('answers a proxy that forwards the public Host and nothing else 404', async () => {
    expect((await ask('untrusting', '/sandbox/api/mail', [], { host: 'preprod.example' })).status).toBe(404);
    expect((await ask('untrusting', '/sandbox/api/mail', [], { host: '10.0.0.5:3000' })).status).toBe(404);
  });

  it('answers a stranger 404 on every simulator, and pays nothing', async () => {
    const stranger: [string, string] = ['x-forwarded-for', '203.0.113.9'];
    for (const path of ['/sandbox', '/sandbox/mail', '/sandbox/api/mail', '/sandbox/bank', '/sandbox/gateways/csob']) {
      expect([path, (await ask('untrusting', path, [stranger])).status]).toEqual([path, 404]);
    }
    const transfer = await ask('untrusting', '/sandbox/api/bank/transfers', [stranger, ['content-type', 'application/json']], {
      method: 'POST',
      body: JSON.stringify({ variableSymbol: '2026000001', amount: { currencyCode: 'CZK', units: '100', nanos: 0 } }),
    });
    expect(transfer.status).toBe(404);
    expect((await ask('untrusting', '/sandbox/api/mail', [stranger, ['x-sandbox-token', `${TOKEN}x`]])).status).toBe(404);
  });

  it('answers whoever shows the token, through any proxy', async () => {
    for (const site of ['untrusting', 'trusting'] as const) {
      for (const header of FORWARDING) {
        expect([site, header, (await ask(site, '/sandbox/api/mail', [header, ['x-sandbox-token', TOKEN]], { host: 'preprod.example' })).status]).toEqual([site, header, 200]);
      }
    }
    // Without a configured token nobody is let in that way.
    expect((await ask('tokenless', '/sandbox/api/mail', [['x-forwarded-for', '203.0.113.9'], ['x-sandbox-token', TOKEN]])).status).toBe(404);
  });

  it('turns a token in the address into a cookie for a tester’s browser, and drops it from the address', async () => {
    const first = await ask('untrusting', `/sandbox/bank?sandbox_token=${TOKEN}`, [['x-forwarded-for', '203.0.113.9']], { host: 'preprod.example' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/sandbox/bank');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sandbox_token=.+; Path=\/sandbox; HttpOnly; SameSite=Lax; Secure$/);
    expect((await ask('untrusting', '/sandbox/bank', [['x-forwarded-for', '203.0.113.9'], ['cookie', cookie.split(';')[0]!]], { host: 'preprod.example' })).status).toBe(200);
  });

  /**
   * The clock control (sandbox/clock.ts) moves the site's clock on a running server: only a test
   * server started at CLOCK_START has it. The simulators are composed as compose.mts does, with
   * the configuration and clock a server with that environment would have.
   */
  function simulators(env: Record<string, string>, clock?: Clock) {
    const config: Config = parseConfig(env);
    const services = { db: main.services.db, report: main.services.report, config, clock: clock ?? (config.clockStart ? startedClock(config.clockStart) : systemClock) };
    const sandbox = createSandbox({ services, tryIt: tryItAdapters(main.services) }, SANDBOX_MODULES);
    return { clock: services.clock, route: async (request: Request) => sandboxGate(request, config) ?? sandbox(request) };
  }
  const advance = (route: (request: Request) => Promise<Response>, minutes: unknown) =>
    // As the edge marks a request straight from loopback (so a preprod gate lets it through).
    route(new Request('http://127.0.0.1/sandbox/api/clock/advance', { method: 'POST', headers: { [HEADER_DIRECT_PEER]: '127.0.0.1' }, body: JSON.stringify({ minutes }) }));

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
