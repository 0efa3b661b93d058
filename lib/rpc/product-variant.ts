import type { MessageInitShape } from '@bufbuild/protobuf';
import { Currency, Lang, Product, type ProductVariantSchema } from '@/gen/dzb/v1/common_pb';
import { languageOf, type Locale, variantOfLocale } from '../variants';

const PRODUCT = { DZB_CZ: Product.DZB_CZ, DZB_PL: Product.DZB_PL, DZB_WL_PLUXEE_CZ: Product.DZB_WL_PLUXEE_CZ };
const CURRENCY = { CZK: Currency.CZK, PLN: Currency.PLN };
const LANG = { cs: Lang.CS, pl: Lang.PL, en: Lang.EN };

/** The product_variant field of a call made from a page in this locale (spec section 7). */
export function productVariantOf(locale: Locale): MessageInitShape<typeof ProductVariantSchema> {
  const variant = variantOfLocale(locale);
  return {
    product: PRODUCT[variant.product],
    currency: CURRENCY[variant.currency],
    lang: LANG[languageOf(locale)],
  };
}
