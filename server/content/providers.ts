import type { Partner } from '@/lib/route-params';
import type { VariantKey } from '@/lib/variants';
import { METHODS, SITE_METHODS } from '../payments/methods';

/** The benefit providers a site accepts, in the order its payment step lists their methods. */
export function providersOf(site: VariantKey): Partner[] {
  const providers = SITE_METHODS[site].flatMap((id) => {
    const provider = METHODS[id].provider;
    return provider ? [provider] : [];
  });
  return [...new Set(providers)];
}
