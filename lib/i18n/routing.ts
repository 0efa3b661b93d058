import { defineRouting } from 'next-intl/routing';
import { LOCALES, VARIANT_KEYS, VARIANTS } from '../variants';

/** Czech paths serve both Czech locales: the Pluxee white label speaks Czech too. */
function localized(cs: string, pl: string, en: string) {
  return { cs, 'cs-pluxee': cs, pl, en };
}

/**
 * Every route of the spec (section 2), keyed by its internal path under app/[locale]/.
 * Routes that read the same in every language are listed too, so links to them are typed.
 */
export const pathnames = {
  '/': '/',
  '/order': localized('/objednavka', '/zamowienie', '/order'),
  '/order/reservation/[orderId]': localized(
    '/objednavka/rezervace/[orderId]',
    '/zamowienie/rezerwacja/[orderId]',
    '/order/reservation/[orderId]',
  ),
  '/order/accommodation/[orderId]': localized(
    '/objednavka/ubytovani/[orderId]',
    '/zamowienie/nocleg/[orderId]',
    '/order/accommodation/[orderId]',
  ),
  '/status/[id]': '/status/[id]',
  '/voucher-status': localized('/overeni-poukazu', '/sprawdz-voucher', '/voucher-status'),
  '/voucher-status/[id]': localized(
    '/overeni-poukazu/[id]',
    '/sprawdz-voucher/[id]',
    '/voucher-status/[id]',
  ),
  '/contact': localized('/kontakt', '/kontakt', '/contact'),
  '/voucher': '/voucher',
  '/inspiration': localized('/inspirace', '/inspiracje', '/inspiration'),
  '/inspiration/[...slug]': localized(
    '/inspirace/[...slug]',
    '/inspiracje/[...slug]',
    '/inspiration/[...slug]',
  ),
  '/how-it-works': localized('/jak-to-funguje', '/jak-to-dziala', '/how-it-works'),
  '/edenred-2024': '/edenred-2024',
  '/partner/[partner]': '/partner/[partner]',
  '/[...slug]': '/[...slug]',
} as const;

export type AppPathname = keyof typeof pathnames;

export const LOCALE_COOKIE = 'i18n_redirected';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: 'cs',
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 365 * 24 * 60 * 60, sameSite: 'lax' },
  pathnames,
  // Links read `domains` only to learn which locale is the default (unprefixed) one on its site;
  // the real host names come from the environment and are matched in proxy.ts.
  domains: VARIANT_KEYS.map((key) => ({
    domain: key,
    defaultLocale: VARIANTS[key].locales[0],
    locales: [...VARIANTS[key].locales],
  })),
});
