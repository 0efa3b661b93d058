import { VARIANT_KEYS, type VariantKey } from '@/lib/variants';
import type { Config } from './config';

/** Lower-cases a Host header value and drops the port: "PL.localhost:3000" → "pl.localhost". */
export function normalizeHost(raw: string): string {
  const host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export interface RequestSite {
  variant: VariantKey;
  /** False for a host that no HOSTS_* list names: served as the Czech site, never indexed. */
  known: boolean;
}

/**
 * The site a host belongs to. A host that no HOSTS_* list names (a bare IP, a misconfigured
 * proxy) is served as the Czech site rather than refused, and flagged so that it stays out of
 * search engines.
 */
export function siteOfHost(rawHost: string | null, hosts: Config['hosts']): RequestSite {
  const host = normalizeHost(rawHost ?? '');
  for (const key of VARIANT_KEYS) {
    if (hosts[key].includes(host)) return { variant: key, known: true };
  }
  return { variant: 'cz', known: false };
}

/**
 * The host a request was made to. server.mts has already dropped x-forwarded-* that did not come
 * from a trusted proxy, so the forwarded host is either a proxy's word or Next's copy of Host.
 */
export function requestHost(headers: Headers): string | null {
  return headers.get('x-forwarded-host') ?? headers.get('host');
}

export function siteOfRequest(headers: Headers, config: Config): RequestSite {
  return siteOfHost(requestHost(headers), config.hosts);
}
