import { describe, expect, it } from 'vitest';
import { startedClock } from '@/server/clock';
import { parseConfig } from '@/server/config';
import { normalizeHost, siteOfHost } from '@/server/hosts';

/** What production must configure once the simulators are off. */
const GATEWAYS_AND_BANK = Object.fromEntries([
  ...['CSOB', 'PLUXEE', 'EDENRED', 'MYBENEFIT'].flatMap((prefix) => [
    [`${prefix}_API_URL`, `https://${prefix.toLowerCase()}.example`],
    [`${prefix}_MERCHANT_ID`, 'M1'],
    [`${prefix}_MERCHANT_KEY_FILE`, '/keys/merchant.key'],
    [`${prefix}_GATEWAY_KEY_FILE`, '/keys/gateway.pub'],
  ]),
  ['BANK_ACCOUNT_CZ', '19-2000145399/0800'],
  ['BANK_ACCOUNT_PL', '61109010140000071219812874'],
  ['BANK_NIP_PL', '5260250274'],
  ['BANK_STATEMENT_URL', 'https://bank.example/statement'],
  ['BOOKING_API_URL', 'https://demandapi.booking.com/3.1'],
  ['BOOKING_API_KEY', 'key'],
  ['BOOKING_AFFILIATE_ID', '42'],
]);

describe('parseConfig', () => {
  it('serves the documented localhost hosts without any configuration', () => {
    const config = parseConfig({});
    expect(config.hosts).toEqual({
      cz: ['localhost', 'cz.localhost'],
      pl: ['pl.localhost'],
      pluxee: ['pluxee.localhost'],
    });
    expect(config.appEnv).toBe('dev');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe('./data/pglite');
  });

  it('reads comma-separated host lists, trimmed, lower-cased and without ports', () => {
    const config = parseConfig({ HOSTS_PL: ' Wakacje.example.PL:443 , www.wakacje.example.pl,' });
    expect(config.hosts.pl).toEqual(['wakacje.example.pl', 'www.wakacje.example.pl']);
  });

  it('refuses a host listed for two variants', () => {
    expect(() => parseConfig({ HOSTS_CZ: 'shop.example', HOSTS_PL: 'shop.example' })).toThrow(
      /shop\.example is listed for both cz and pl/,
    );
  });

  it('turns the sandbox on in dev and test only, unless told', () => {
    expect(parseConfig({ APP_ENV: 'test' }).sandbox).toBe(true);
    expect(parseConfig({}).sandbox).toBe(true);
    expect(parseConfig({ APP_ENV: 'prod', ...GATEWAYS_AND_BANK }).sandbox).toBe(false);
    expect(parseConfig({ APP_ENV: 'preprod', ...GATEWAYS_AND_BANK }).sandbox).toBe(false);
    expect(parseConfig({ APP_ENV: 'dev', SANDBOX: 'off', ...GATEWAYS_AND_BANK }).sandbox).toBe(false);
  });

  it('refuses the sandbox outside dev and test unless SANDBOX_ALLOW names the environment', () => {
    expect(() => parseConfig({ APP_ENV: 'preprod', SANDBOX: 'on' })).toThrow(/SANDBOX: on in APP_ENV=preprod needs SANDBOX_ALLOW=preprod/);
    expect(() => parseConfig({ APP_ENV: 'prod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod' })).toThrow(/needs SANDBOX_ALLOW=prod/);
    const allowed = parseConfig({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod', SANDBOX_TOKEN: 't'.repeat(24) });
    expect(allowed.sandbox).toBe(true);
    expect(allowed.sandboxAccess).toEqual({ open: false, token: 't'.repeat(24) });
    expect(parseConfig({ APP_ENV: 'test' }).sandboxAccess).toEqual({ open: true });
  });

  it('refuses to mix simulated and real outside systems outside dev and test, naming the variables', () => {
    expect(() => parseConfig({ APP_ENV: 'preprod', SANDBOX: 'on', SANDBOX_ALLOW: 'preprod', BOOKING_API_URL: 'https://demandapi.booking.com/3.1' })).toThrow(
      /SANDBOX: on, yet BOOKING_API_URL point at real systems/,
    );
    expect(() => parseConfig({ APP_ENV: 'prod', ...GATEWAYS_AND_BANK, CSOB_API_URL: 'http://127.0.0.1:3000/sandbox/gateways/csob/api/v1.9' })).toThrow(
      /SANDBOX: off, yet CSOB_API_URL point at the simulators/,
    );
    // In test an adapter may point anywhere (a fault proxy in front of a simulator).
    expect(parseConfig({ APP_ENV: 'test', BOOKING_API_URL: 'http://127.0.0.1:9/3.1' }).booking.apiUrl).toBe('http://127.0.0.1:9/3.1');
  });

  it('starts the clock at CLOCK_START in dev and test only, running on from there', () => {
    const config = parseConfig({ APP_ENV: 'test', CLOCK_START: '2026-12-10T20:40:00Z' });
    expect(config.clockStart).toEqual(new Date('2026-12-10T20:40:00Z'));
    const clock = startedClock(config.clockStart!);
    expect(Math.abs(clock.now().getTime() - Date.parse('2026-12-10T20:40:00Z'))).toBeLessThan(1_000);
    expect(parseConfig({ APP_ENV: 'test' }).clockStart).toBeUndefined();
    expect(() => parseConfig({ APP_ENV: 'test', CLOCK_START: 'tomorrow evening' })).toThrow(/CLOCK_START/);
    expect(() => parseConfig({ APP_ENV: 'prod', ...GATEWAYS_AND_BANK, CLOCK_START: '2026-12-10T20:40:00Z' })).toThrow(/CLOCK_START is for dev and test only/);
  });

  it('reads budget overrides and names a wrong one', () => {
    expect(parseConfig({ BUDGETS: 'previews=500/60, voucherGuesses=3/3600' }).budgets.previews).toEqual({ max: 500, windowSeconds: 60 });
    expect(() => parseConfig({ BUDGETS: 'guesses=3/60' })).toThrow(/BUDGETS: "guesses" is not a budget/);
    expect(() => parseConfig({ BUDGETS: 'previews=lots' })).toThrow(/BUDGETS: "previews=lots" is not name=max\/seconds/);
  });

  it('bounds the work of a process: defaults, overrides, and a wrong one named', () => {
    expect(parseConfig({}).limits).toEqual({ maxInFlight: 64, dbPool: { size: 10, waitMs: 1_000 }, renders: { atOnce: 2, queue: 8, waitMs: 2_000 } });
    const limits = parseConfig({ MAX_IN_FLIGHT: '200', DB_POOL_SIZE: '20', DB_POOL_WAIT_MS: '500', PDF_RENDERS: '1', PDF_RENDER_QUEUE: '0', PDF_RENDER_WAIT_MS: '5000' }).limits;
    expect(limits).toEqual({ maxInFlight: 200, dbPool: { size: 20, waitMs: 500 }, renders: { atOnce: 1, queue: 0, waitMs: 5_000 } });
    expect(() => parseConfig({ MAX_IN_FLIGHT: '0' })).toThrow(/MAX_IN_FLIGHT/);
    expect(() => parseConfig({ PDF_RENDERS: 'two' })).toThrow(/PDF_RENDERS/);
  });

  it('requires every gateway and bank setting when the sandbox is off, naming each', () => {
    expect(() => parseConfig({ APP_ENV: 'prod' })).toThrow(/CSOB_API_URL: required[\s\S]*BANK_STATEMENT_URL: required/);
  });

  it('points the gateways at the simulators in sandbox mode', () => {
    const { payments } = parseConfig({ PORT: '3100' });
    expect(payments.gateways.csob.apiUrl).toBe('http://127.0.0.1:3100/sandbox/gateways/csob/api/v1.9');
    expect(payments.gateways.pluxee.gatewayKeyFile).toBe('data/sandbox-keys/pluxee-gateway.pub');
    expect(payments.configuredFees).toEqual({ payment_card: 0, transfer: 0 });
  });

  it('reads fees as exact basis points', () => {
    expect(parseConfig({ FEE_PAYMENT_CARD: '1.25', FEE_TRANSFER: '2' }).payments.configuredFees).toEqual({
      payment_card: 125,
      transfer: 200,
    });
  });

  it.each([
    ['APP_ENV', 'staging'],
    ['FEE_PAYMENT_CARD', '1,5'],
    ['BANK_ACCOUNT_CZ', '12345'],
    ['BANK_NIP_PL', '5260250275'],
    ['BANK_NIP_PL', '526025027'],
    ['PUBLIC_URL_CZ', 'ftp://example.cz'],
    ['DATABASE_URL', 'mysql://x'],
    ['SENTRY_DSN', 'not a url'],
    ['TRUSTED_PROXIES', '10.0.0.0/8, proxy.internal'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
  ])('names %s when it is wrong (%s)', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('treats empty optional variables as unset', () => {
    const config = parseConfig({ DATABASE_URL: '', SENTRY_DSN: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sentryDsn).toBeUndefined();
  });
});

describe('siteOfHost', () => {
  const { hosts } = parseConfig({});

  it.each([
    ['localhost', 'cz'],
    ['cz.localhost:3000', 'cz'],
    ['PL.localhost:8080', 'pl'],
    ['pluxee.localhost', 'pluxee'],
    ['pluxee.localhost.', 'pluxee'],
  ])('maps %s to the %s site', (host, variant) => {
    expect(siteOfHost(host, hosts)).toEqual({ variant, known: true });
  });

  it('serves an unknown or missing host as the Czech site, flagged as unknown', () => {
    expect(siteOfHost('203.0.113.7:3000', hosts)).toEqual({ variant: 'cz', known: false });
    expect(siteOfHost(null, hosts)).toEqual({ variant: 'cz', known: false });
  });

  it('keeps IPv6 literals intact when dropping the port', () => {
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
  });
});
