import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * A few seconds of memory in front of Next.js for pages it serves from its own cache: the same
 * bytes and headers again, without running the proxy, the router and the ETag over 40–55 kB of
 * HTML for every request. It is what an edge cache would do, with a short life so that Next's
 * revalidation stays in charge of freshness (a page is at most `ttlMs` older than Next's copy).
 * Only a fresh hit of Next's cache (`x-nextjs-cache: HIT`) that is shared by nature (s-maxage,
 * HTML, no cookie set) is kept, and only for requests that carry nothing Next varies on beyond
 * the URL: the key holds every request header that can change the answer (host and forwarded
 * host, protocol, cookies, languages, encodings). Kept free of path aliases: server.mts runs it.
 */
export interface PageMicrocacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  expires: number;
}

/** Request headers of Next's client router: such requests want RSC data, not the stored HTML. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action'];
const KEY_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'cookie', 'accept-language', 'accept-encoding'];
/** Connection-level or per-response headers that are not replayed. */
const NOT_STORED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function keyOf(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (ROUTER_HEADERS.some((name) => req.headers[name] !== undefined) || req.headers.authorization) return undefined;
  return [req.url ?? '', ...KEY_HEADERS.map((name) => String(req.headers[name] ?? ''))].join('\n');
}

function storable(res: ServerResponse): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  const cache = String(res.getHeader('cache-control') ?? '');
  return (
    (res.statusCode === 200 || res.statusCode === 404) &&
    type.startsWith('text/html') &&
    /\bs-maxage=\d+/.test(cache) &&
    !/\b(private|no-store)\b/.test(cache) &&
    res.getHeader('x-nextjs-cache') === 'HIT' &&
    !res.hasHeader('set-cookie')
  );
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export function createPageMicrocache(options: PageMicrocacheOptions) {
  const { ttlMs, maxEntries = 500, maxBytes = 32 * 1024 * 1024, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  }

  function remember(key: string, entry: Entry) {
    if (entry.body.length > maxBytes / 4) return;
    forget(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    // Map order is insertion order: the first keys are the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** Answers the request from memory when it can; true when it did. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (ttlMs <= 0) return false;
    const key = keyOf(req);
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry) return false;
    if (entry.expires <= now()) {
      forget(key!);
      return false;
    }
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
      // As cached-page-csp.ts does: a 304 carries no policy, the stored page keeps its own.
      const headers = { ...entry.headers };
      for (const name of ['content-security-policy', 'content-length', 'content-encoding']) delete headers[name];
      res.writeHead(304, headers).end();
      return true;
    }
    res.writeHead(entry.status, entry.headers);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  }

  /** Watches a response on its way out and keeps it when it qualifies. Call before Next writes. */
  function capture(req: IncomingMessage, res: ServerResponse): void {
    if (ttlMs <= 0 || req.method !== 'GET' || req.headers['if-none-match'] !== undefined) return;
    const key = keyOf(req);
    if (key === undefined) return;
    const chunks: Buffer[] = [];
    // Decided at the first bytes, when Next has set the headers: everything else (API answers,
    // documents, pages rendered per request) passes through without being copied.
    let keeping: boolean | undefined;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (!(keeping ??= storable(res))) return;
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const original = { write: res.write, end: res.end };
    res.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (original.write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function end(this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      const result = (original.end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      // Headers are final now (cached-page-csp.ts has set the page's hashes and cache headers).
      if (keeping && storable(this)) {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(this.getHeaders())) if (!NOT_STORED.has(name)) headers[name] = value;
        const etag = this.getHeader('etag');
        remember(key, { status: this.statusCode, headers, body: Buffer.concat(chunks), etag: typeof etag === 'string' ? etag : undefined, expires: now() + ttlMs });
      }
      return result;
    } as ServerResponse['end'];
  }

  return { serve, capture, size: () => entries.size };
}
