/**
 * The product variants and their locales. The request host picks the variant (proxy.ts); the
 * locale alone also identifies it, because every locale belongs to exactly one variant.
 */
export const LOCALES = ['cs', 'cs-pluxee', 'pl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const VARIANT_KEYS = ['cz', 'pl', 'pluxee'] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];

export type Product = 'DZB_CZ' | 'DZB_PL' | 'DZB_WL_PLUXEE_CZ';
export type Currency = 'CZK' | 'PLN';
export type Lang = 'CS' | 'PL' | 'EN';

export interface Variant {
  key: VariantKey;
  product: Product;
  currency: Currency;
  /** The first locale is the host's default and has no path prefix. */
  locales: readonly [Locale, ...Locale[]];
  /** Whether the header shows the gift-voucher link. */
  voucherInMenu: boolean;
  /** White-label sites are never indexed by search engines. */
  whiteLabel: boolean;
  /** Folder under public/documents/ that holds this variant's business terms. */
  documentsFolder: string;
}

export const VARIANTS: Record<VariantKey, Variant> = {
  cz: {
    key: 'cz',
    product: 'DZB_CZ',
    currency: 'CZK',
    locales: ['cs'],
    voucherInMenu: true,
    whiteLabel: false,
    documentsFolder: 'dzb-cz',
  },
  pl: {
    key: 'pl',
    product: 'DZB_PL',
    currency: 'PLN',
    locales: ['pl', 'en'],
    voucherInMenu: false,
    whiteLabel: false,
    documentsFolder: 'dzb-pl',
  },
  pluxee: {
    key: 'pluxee',
    product: 'DZB_WL_PLUXEE_CZ',
    currency: 'CZK',
    locales: ['cs-pluxee'],
    voucherInMenu: true,
    whiteLabel: true,
    documentsFolder: 'dzb-wl-pluxee-cz',
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function variantOfLocale(locale: Locale): Variant {
  for (const key of VARIANT_KEYS) {
    if (VARIANTS[key].locales.includes(locale)) return VARIANTS[key];
  }
  throw new Error(`locale ${locale} belongs to no variant`);
}

/** The language of a locale as the API names it (cs-pluxee speaks Czech). */
export function langOfLocale(locale: Locale): Lang {
  if (locale === 'pl') return 'PL';
  if (locale === 'en') return 'EN';
  return 'CS';
}

/** The BCP 47 tag used for Intl formatting and the html lang attribute. */
export function htmlLang(locale: Locale): string {
  return locale === 'cs-pluxee' ? 'cs' : locale;
}
