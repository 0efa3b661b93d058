import type { Locale, VariantKey } from '@/lib/variants';

/**
 * The site and language an operation runs for, as the domain knows it. The API checks a call's
 * product_variant against its host before anything reaches the domain (server/rpc/call-context.ts).
 */
export interface Site {
  variant: VariantKey;
  locale: Locale;
}
