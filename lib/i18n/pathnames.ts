import { type Locale, VARIANTS, variantOfLocale } from '../variants';

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

export type InternalPath = keyof typeof pathnames;

/**
 * A route's public path in a locale, with its parameters filled in and the locale prefix where
 * the site needs one (`/en/order/...`), without next-intl: for e-mails, PDFs, redirects and
 * sitemaps built on the server. Pages and components use lib/i18n/navigation instead.
 */
export function localizedPath(locale: Locale, path: InternalPath, params: Record<string, string> = {}): string {
  const entry = pathnames[path];
  const template: string = typeof entry === 'string' ? entry : entry[locale];
  const filled = template.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing parameter ${name} for ${path}`);
    return value.split('/').map(encodeURIComponent).join('/');
  });
  const prefix = VARIANTS[variantOfLocale(locale).key].locales[0] === locale ? '' : `/${locale}`;
  return filled === '/' ? prefix || '/' : `${prefix}${filled}`;
}
