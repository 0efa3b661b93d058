import { describe, expect, it } from 'vitest';
import { localizedPath } from '@/lib/i18n/pathnames';
import { getPathname } from '@/lib/i18n/navigation';
import { pathnames } from '@/lib/i18n/routing';
import { LOCALES } from '@/lib/variants';

describe('localized pathnames', () => {
  it('declares every route of the spec, with a path in every locale', () => {
    expect(Object.keys(pathnames).sort()).toEqual(
      [
        '/',
        '/[...slug]',
        '/contact',
        '/edenred-2024',
        '/how-it-works',
        '/inspiration',
        '/inspiration/[...slug]',
        '/order',
        '/order/accommodation/[orderId]',
        '/order/reservation/[orderId]',
        '/partner/[partner]',
        '/status/[id]',
        '/voucher',
        '/voucher-status',
        '/voucher-status/[id]',
      ].sort(),
    );
    for (const value of Object.values(pathnames)) {
      if (typeof value === 'object') expect(Object.keys(value).sort()).toEqual([...LOCALES].sort());
    }
  });

  it.each([
    ['cs', '/order', '/objednavka'],
    ['cs-pluxee', '/order', '/objednavka'],
    ['pl', '/order', '/zamowienie'],
    ['en', '/order', '/en/order'],
    ['pl', '/how-it-works', '/jak-to-dziala'],
    ['cs', '/voucher-status', '/overeni-poukazu'],
    ['en', '/inspiration', '/en/inspiration'],
    ['pl', '/contact', '/kontakt'],
    ['en', '/', '/en'],
    ['pl', '/', '/'],
  ] as const)('%s %s is served at %s', (locale, href, expected) => {
    expect(getPathname({ locale, href })).toBe(expected);
  });

  it('fills parameters into localized paths', () => {
    const orderId = '0b8e4a52-6d5c-4c1e-9a41-2f0f7f1c3b11';
    expect(
      getPathname({ locale: 'pl', href: { pathname: '/order/reservation/[orderId]', params: { orderId } } }),
    ).toBe(`/zamowienie/rezerwacja/${orderId}`);
    expect(
      getPathname({ locale: 'cs', href: { pathname: '/order/accommodation/[orderId]', params: { orderId } } }),
    ).toBe(`/objednavka/ubytovani/${orderId}`);
    expect(
      getPathname({ locale: 'en', href: { pathname: '/partner/[partner]', params: { partner: 'up' } } }),
    ).toBe('/en/partner/up');
  });

  it('adds the prefix when asked, as the language switch does', () => {
    expect(getPathname({ locale: 'pl', href: '/contact', forcePrefix: true })).toBe('/pl/kontakt');
  });
});

describe('localizedPath (server-side links)', () => {
  it.each([
    ['cs', '/status/[id]', { id: 'abc' }, '/status/abc'],
    ['en', '/status/[id]', { id: 'abc' }, '/en/status/abc'],
    ['pl', '/order/reservation/[orderId]', { orderId: 'x' }, '/zamowienie/rezerwacja/x'],
    ['cs-pluxee', '/voucher-status/[id]', { id: 'v' }, '/overeni-poukazu/v'],
    ['en', '/', {}, '/en'],
    ['pl', '/', {}, '/'],
  ] as const)('%s %s → %s', (locale, path, params, expected) => {
    expect(localizedPath(locale, path, params)).toBe(expected);
    if (path !== '/') expect(getPathname({ locale, href: { pathname: path, params } as never })).toBe(expected);
  });
});
