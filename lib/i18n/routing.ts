import { defineRouting } from 'next-intl/routing';
import { LOCALES, VARIANT_KEYS, VARIANTS } from '../variants';
import { pathnames } from './pathnames';

export { pathnames };

const LOCALE_COOKIE = 'i18n_redirected';

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
