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

/** The languages the site is written in; a locale is a language on one site. */
export const LANGUAGES = ['cs', 'pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Variant {
  key: VariantKey;
  product: Product;
  currency: Currency;
  /** The market the site sells in (ISO 3166-1 alpha-2): the booker's country at Booking.com. */
  country: 'cz' | 'pl';
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
    country: 'cz',
    locales: ['cs'],
    voucherInMenu: true,
    whiteLabel: false,
    documentsFolder: 'dzb-cz',
  },
  pl: {
    key: 'pl',
    product: 'DZB_PL',
    currency: 'PLN',
    country: 'pl',
    locales: ['pl', 'en'],
    voucherInMenu: false,
    whiteLabel: false,
    documentsFolder: 'dzb-pl',
  },
  pluxee: {
    key: 'pluxee',
    product: 'DZB_WL_PLUXEE_CZ',
    currency: 'CZK',
    country: 'cz',
    locales: ['cs-pluxee'],
    voucherInMenu: true,
    whiteLabel: true,
    documentsFolder: 'dzb-wl-pluxee-cz',
  },
};

export function variantOfLocale(locale: Locale): Variant {
  for (const key of VARIANT_KEYS) {
    if (VARIANTS[key].locales.includes(locale)) return VARIANTS[key];
  }
  throw new Error(`locale ${locale} belongs to no variant`);
}

const LANGUAGE_OF: Record<Locale, Language> = { cs: 'cs', 'cs-pluxee': 'cs', pl: 'pl', en: 'en' };

/**
 * The language of a locale (the Pluxee white label speaks Czech). It is also the BCP 47 tag for
 * Intl and the html lang attribute, the folder of the business-terms PDFs and, upper-cased, the
 * API's Lang.
 */
export function languageOf(locale: Locale): Language {
  return LANGUAGE_OF[locale];
}

/** The locale of a site in a language (the site's default when it does not speak it). */
export function localeOf(site: VariantKey, language: Language): Locale {
  const { locales } = VARIANTS[site];
  return locales.find((locale) => languageOf(locale) === language) ?? locales[0];
}
