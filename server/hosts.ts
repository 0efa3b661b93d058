import { VARIANT_KEYS, type VariantKey } from '@/lib/variants';
import { type Config, normalizeHost } from './config';

/**
 * The variant a request host belongs to. A host that no HOSTS_* list names (a bare IP, a
 * misconfigured proxy) is served as the Czech site rather than refused, and flagged so the page
 * is kept out of search engines.
 */
export function variantForHost(
  rawHost: string | null,
  hosts: Config['hosts'],
): { variant: VariantKey; known: boolean } {
  const host = normalizeHost(rawHost ?? '');
  for (const key of VARIANT_KEYS) {
    if (hosts[key].includes(host)) return { variant: key, known: true };
  }
  return { variant: 'cz', known: false };
}
