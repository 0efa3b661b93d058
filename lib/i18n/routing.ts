import { defineRouting } from 'next-intl/routing';
import { LOCALES, VARIANT_KEYS, VARIANTS } from '../variants';
import { LOCALE_COOKIE } from './locale-cookie';
import { pathnames } from './pathnames';

export { pathnames };


export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: 'cs',
  localePrefix: 'as-needed',
  // Read for detection; the server's Set-Cookie of it is dropped in proxy.ts (the browser writes it).
  localeCookie: LOCALE_COOKIE,
  pathnames,
  // Every indexable page names its languages in its head (server/content/seo.ts) and the sitemap
  // does too; the same list as a Link header on every answer only lengthens the first round trip.
  alternateLinks: false,
  // Links read `domains` only to learn which locale is the default (unprefixed) one on its site;
  // the real host names come from the environment and are matched in proxy.ts.
  domains: VARIANT_KEYS.map((key) => ({
    domain: key,
    defaultLocale: VARIANTS[key].locales[0],
    locales: [...VARIANTS[key].locales],
  })),
});
