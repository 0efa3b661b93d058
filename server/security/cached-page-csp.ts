import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { hashedPolicy, inlineScriptHashes } from './script-hashes.ts';

/**
 * Pages Next.js serves from its cache (Cache-Control with s-maxage: the same HTML for every
 * visitor of a host and language) cannot carry a per-request nonce. For those, this swaps the
 * nonce in the Content-Security-Policy header for the hashes of the page's inline scripts,
 * computed from the very bytes sent, and makes the cache headers safe for a shared cache (no
 * cookie handed on, Vary where the locale comes from the visitor). Kept free of path aliases:
 * server.mts runs it directly.
 */
function isCachedPage(res: ServerResponse): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  const cache = String(res.getHeader('cache-control') ?? '');
  return type.startsWith('text/html') && /\bs-maxage=\d+/.test(cache) && res.hasHeader('content-security-policy');
}

function decoded(body: Buffer, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`cannot read a cached page sent with content-encoding ${encoding}`);
  }
}

/**
 * The hashes of the pages recently sent, by ETag: Next.js derives the ETag from the page's bytes
 * before compression, so the same ETag means the same inline scripts, and a page served from the
 * cache over and over is read and hashed once, not on every request.
 */
const hashesByEtag = new Map<string, string[]>();
const REMEMBERED = 500;

function rememberedHashes(res: ServerResponse): string[] | undefined {
  const etag = res.getHeader('etag');
  return typeof etag === 'string' ? hashesByEtag.get(etag) : undefined;
}

function hashesOf(body: Buffer, res: ServerResponse): string[] {
  const known = rememberedHashes(res);
  if (known) return known;
  const etag = res.getHeader('etag');
  const hashes = inlineScriptHashes(decoded(body, String(res.getHeader('content-encoding') ?? '')).toString('utf8'));
  if (typeof etag === 'string') {
    if (hashesByEtag.size >= REMEMBERED) hashesByEtag.delete(hashesByEtag.keys().next().value!);
    hashesByEtag.set(etag, hashes);
  }
  return hashes;
}

/**
 * What a shared cache needs to know of a page the same for every visitor, on the page and on
 * each 304 that revalidates it (a 304's headers replace the stored ones, RFC 9111, 4.3.4).
 */
function shareSafely(res: ServerResponse): void {
  // The HTML is the same for everyone, a cookie is not: a shared cache must not hand this
  // visitor's cookie (next-intl's locale cookie) to the next one.
  if (res.hasHeader('set-cookie')) res.setHeader('cache-control', 'private, no-cache');
  // A path without a locale (rewritten by proxy.ts) is the host's first language only for
  // visitors whose cookie and browser languages ask for no other; the rest are redirected.
  if (res.hasHeader('x-middleware-rewrite')) {
    const vary = String(res.getHeader('vary') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    const known = new Set(vary.map((name) => name.toLowerCase()));
    res.setHeader('vary', [...vary, ...['Accept-Language', 'Cookie'].filter((name) => !known.has(name.toLowerCase()))].join(', '));
  }
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
}

/** Wraps a response before Next.js writes it; call once per request. */
export function hashCspOfCachedPages(_req: { headers: IncomingHttpHeaders }, res: ServerResponse): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let buffering: boolean | undefined;
  let flushing = false;
  const chunks: Buffer[] = [];
  const decide = () => (buffering ??= isCachedPage(res));

  // Headers given to writeHead are set one by one, so they can still change before the body goes.
  // Node's write() and end() call writeHead themselves when no header was sent yet; for a cached
  // page that call only records, and the status line goes out with the finished policy in end().
  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((value): value is OutgoingHttpHeaders => typeof value === 'object' && value !== null);
    if (Array.isArray(headers)) return original.writeHead.call(this, status, ...(rest as [OutgoingHttpHeaders]));
    this.statusCode = status;
    if (typeof rest[0] === 'string') this.statusMessage = rest[0];
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) this.setHeader(name, value);
    // A 304 revalidates a page the browser stored, hashes and all; a policy sent with it would
    // replace the stored one (RFC 9111, 4.3.4) and carry this request's nonce, which the stored
    // page does not have. Only cached pages are ever stored (the others are no-store).
    if (this.statusCode === 304) {
      this.removeHeader('content-security-policy');
      if (/\bs-maxage=\d+/.test(String(this.getHeader('cache-control') ?? ''))) shareSafely(this);
    }
    if (flushing || !decide()) return original.writeHead.call(this, this.statusCode);
    return this;
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
    if (!decide()) return (original.write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
    if (chunk != null) chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
    const last = typeof chunk === 'function' ? undefined : chunk;
    if (!decide()) return (original.end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
    if (last != null) chunks.push(toBuffer(last, typeof encoding === 'string' ? encoding : undefined));
    const body = Buffer.concat(chunks);
    const policy = String(this.getHeader('content-security-policy'));
    if (this.req?.method !== 'HEAD') {
      this.setHeader('content-security-policy', hashedPolicy(policy, hashesOf(body, this)));
      if (this.hasHeader('content-length')) this.setHeader('content-length', body.length);
    } else {
      // A HEAD answer has no body to hash; its headers may refresh a stored copy of the page
      // (RFC 9111, 4.3.5), so it names the page's hashes when known and otherwise no policy.
      const known = rememberedHashes(this);
      if (known) this.setHeader('content-security-policy', hashedPolicy(policy, known));
      else this.removeHeader('content-security-policy');
    }
    shareSafely(this);
    flushing = true;
    const done = [chunk, encoding, callback].find((value): value is Callback => typeof value === 'function');
    return (original.end as (...args: unknown[]) => ServerResponse).call(this, body, done);
  } as ServerResponse['end'];
}
