import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';

/**
 * A few seconds of memory at the page edge for answers any shared cache may keep: the same bytes
 * and headers again, without running Next's proxy, router and ETag over 40–55 kB of HTML for
 * every request. It keeps what RFC 9111 lets a shared cache keep, and tells variants apart as
 * one does: by the effective URL and the request's values of the headers the answer's Vary
 * names. Its short life keeps Next's revalidation in charge of freshness (a page is at most
 * `ttlMs` older than Next's copy). Kept free of path aliases: server.mts loads it directly.
 */
export interface PageMicrocacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface StoredPage {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The identity body; the edge compresses it per request and keeps each coding here. */
  body: Buffer;
  encoded: Map<string, Buffer>;
  etag: string | undefined;
}

interface Entry extends StoredPage {
  key: string;
  vary: string[];
  varyValues: string[];
  expires: number;
}

/** Connection-level or per-response headers that are not replayed. */
const NOT_STORED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'age']);

/** The effective request URL: the host and scheme a trusted proxy names count too. */
function keyOf(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization !== undefined) return undefined;
  const { host, 'x-forwarded-host': forwardedHost, 'x-forwarded-proto': proto, 'x-forwarded-port': port } = req.headers;
  return [host, forwardedHost, proto, port, req.url].map((part) => String(part ?? '')).join('\n');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

/** The names an answer varies on, but the coding: the edge negotiates that itself. */
function varyNames(headers: OutgoingHttpHeaders): string[] | undefined {
  const names = String(headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.includes('*')) return undefined;
  return names.filter((name) => name !== 'accept-encoding');
}

/** How long a shared cache may keep the answer, in ms; undefined when it may not. */
function sharedLifetime(status: number, headers: OutgoingHttpHeaders): number | undefined {
  if (status !== 200 && status !== 404) return undefined;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return undefined;
  if (headers['set-cookie'] !== undefined) return undefined;
  const cache = String(headers['cache-control'] ?? '');
  if (/\b(private|no-store|no-cache)\b/.test(cache)) return undefined;
  const seconds = /\bs-maxage=(\d+)/.exec(cache)?.[1];
  return seconds === undefined ? undefined : Number(seconds) * 1000;
}

export function createPageMicrocache(options: PageMicrocacheOptions) {
  const { ttlMs, maxEntries = 500, maxBytes = 32 * 1024 * 1024, now = Date.now } = options;
  const byKey = new Map<string, Entry[]>();
  // Every entry in the order it was stored: the first ones are the oldest.
  const all = new Set<Entry>();
  let bytes = 0;

  function forget(entry: Entry) {
    if (!all.delete(entry)) return;
    bytes -= entry.body.length;
    const variants = byKey.get(entry.key)?.filter((other) => other !== entry) ?? [];
    if (variants.length > 0) byKey.set(entry.key, variants);
    else byKey.delete(entry.key);
  }

  function matches(entry: Entry, req: IncomingMessage): boolean {
    return entry.vary.every((name, index) => headerValue(req.headers, name) === entry.varyValues[index]);
  }

  /** The stored answer for this request while it is fresh. */
  function lookup(req: IncomingMessage): StoredPage | undefined {
    if (ttlMs <= 0) return undefined;
    const key = keyOf(req);
    const entry = key === undefined ? undefined : byKey.get(key)?.find((candidate) => matches(candidate, req));
    if (!entry) return undefined;
    if (entry.expires > now()) return entry;
    forget(entry);
    return undefined;
  }

  /** Keeps a complete answer to a GET when a shared cache may keep it. */
  function store(req: IncomingMessage, page: { status: number; headers: OutgoingHttpHeaders; body: Buffer }): void {
    if (ttlMs <= 0 || req.method !== 'GET' || page.body.length > maxBytes / 4) return;
    const key = keyOf(req);
    const lifetime = sharedLifetime(page.status, page.headers);
    const vary = varyNames(page.headers);
    if (key === undefined || lifetime === undefined || vary === undefined) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(page.headers)) if (!NOT_STORED.has(name) && value !== undefined) headers[name] = value;
    const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
    const entry: Entry = {
      key,
      vary,
      varyValues: vary.map((name) => headerValue(req.headers, name)),
      status: page.status,
      headers,
      body: page.body,
      encoded: new Map(),
      etag,
      expires: now() + Math.min(ttlMs, lifetime),
    };
    for (const old of byKey.get(key) ?? []) if (old.vary.join() === vary.join() && old.varyValues.join('\n') === entry.varyValues.join('\n')) forget(old);
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
    all.add(entry);
    bytes += entry.body.length;
    for (const oldest of all) {
      if (all.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  return { lookup, store, size: () => all.size };
}
