import type { DescMessage } from '@bufbuild/protobuf';
import type { Interceptor } from '@connectrpc/connect';
import { Currency, Lang, Product, type ProductVariant } from '@/gen/dzb/v1/common_pb';
import { languageOf, type Locale, VARIANTS } from '@/lib/variants';
import { DomainError } from '../errors';
import type { RequestSite } from '../hosts';
import { setCheckedLocale, siteOf } from './call-context';

const PRODUCTS: Record<Product, string | undefined> = {
  [Product.UNSPECIFIED]: undefined,
  [Product.DZB_CZ]: 'DZB_CZ',
  [Product.DZB_PL]: 'DZB_PL',
  [Product.DZB_WL_PLUXEE_CZ]: 'DZB_WL_PLUXEE_CZ',
};
const CURRENCIES: Record<Currency, string | undefined> = {
  [Currency.UNSPECIFIED]: undefined,
  [Currency.CZK]: 'CZK',
  [Currency.PLN]: 'PLN',
};
const LANGS: Record<Lang, string | undefined> = {
  [Lang.UNSPECIFIED]: undefined,
  [Lang.CS]: 'cs',
  [Lang.PL]: 'pl',
  [Lang.EN]: 'en',
};

/**
 * The locale a call speaks, after checking the product_variant it carries against the site of
 * its host (ARCHITECTURE.md §3: the browser's value is checked, never trusted). Missing parts are
 * `missing_headers`, anything that names another site, currency or language is
 * `unexpected_combination`.
 */
export function checkProductVariant(value: ProductVariant | undefined, site: RequestSite): Locale {
  const product = value && PRODUCTS[value.product];
  const currency = value && CURRENCIES[value.currency];
  const lang = value && LANGS[value.lang];
  if (!product || !currency || !lang) throw new DomainError('missing_headers');
  const variant = VARIANTS[site.variant];
  const locale = variant.locales.find((candidate) => languageOf(candidate) === lang);
  if (product !== variant.product || currency !== variant.currency || !locale) {
    throw new DomainError('unexpected_combination');
  }
  return locale;
}

function carriesProductVariant(input: DescMessage): boolean {
  return input.fields.some((field) => field.name === 'product_variant');
}

/**
 * Checks the product_variant of every call whose request has one, before its handler runs, so no
 * handler can forget it; handlers read the outcome with callSiteOf().
 */
export const productVariantInterceptor: Interceptor = (next) => async (req) => {
  if (!req.stream && carriesProductVariant(req.method.input)) {
    const message = req.message as { productVariant?: ProductVariant };
    setCheckedLocale(req.contextValues, checkProductVariant(message.productVariant, siteOf(req.contextValues)));
  }
  return next(req);
};
