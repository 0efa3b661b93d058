import { describe, expect, it } from 'vitest';
import { normalizeHost, parseConfig } from '@/server/config';
import { variantForHost } from '@/server/hosts';

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

  it('turns the sandbox on outside production and off in production unless told', () => {
    expect(parseConfig({ APP_ENV: 'test' }).sandbox).toBe(true);
    expect(parseConfig({ APP_ENV: 'prod' }).sandbox).toBe(false);
    expect(parseConfig({ APP_ENV: 'prod', SANDBOX: 'on' }).sandbox).toBe(true);
    expect(parseConfig({ APP_ENV: 'dev', SANDBOX: 'off' }).sandbox).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
  });

  it('treats empty optional variables as unset', () => {
    const config = parseConfig({ DATABASE_URL: '', SENTRY_DSN: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sentryDsn).toBeUndefined();
  });
});

describe('variantForHost', () => {
  const { hosts } = parseConfig({});

  it.each([
    ['localhost', 'cz'],
    ['cz.localhost:3000', 'cz'],
    ['PL.localhost:8080', 'pl'],
    ['pluxee.localhost', 'pluxee'],
    ['pluxee.localhost.', 'pluxee'],
  ])('maps %s to the %s site', (host, variant) => {
    expect(variantForHost(host, hosts)).toEqual({ variant, known: true });
  });

  it('serves an unknown or missing host as the Czech site, flagged as unknown', () => {
    expect(variantForHost('203.0.113.7:3000', hosts)).toEqual({ variant: 'cz', known: false });
    expect(variantForHost(null, hosts)).toEqual({ variant: 'cz', known: false });
  });

  it('keeps IPv6 literals intact when dropping the port', () => {
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
  });
});
