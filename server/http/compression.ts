import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { constants, createGzip, gzipSync, type Gzip } from 'node:zlib';

/**
 * Content coding at the edge: Next is asked for identity bodies (the edge reads and hashes cached
 * pages, which a compressed body would hide), so the edge compresses what it sends, as Next
 * would have: gzip. Brotli was measured here and left out: on a 42 kB page its quality 5 saves 6 %
 * over gzip at ten times the time, and the qualities that save more take 60–220 ms of the
 * event loop per page.
 */
export type Coding = 'gzip' | 'identity';

/** Bodies smaller than this gain less from compression than the coding costs. */
const MIN_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|rss\+xml|x-component)|image\/svg\+xml)/i;

/** The coding to send, from the request's Accept-Encoding (RFC 9110, 12.5.3); q=0 refuses. */
export function chosenCoding(acceptEncoding: string | string[] | undefined): Coding {
  const weights = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  return gzip > 0 ? 'gzip' : 'identity';
}

/** Whether an answer with these headers is worth compressing at the edge. */
export function compressible(headers: OutgoingHttpHeaders | IncomingHttpHeaders, status: number): boolean {
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return false;
  if (headers['content-encoding'] && headers['content-encoding'] !== 'identity') return false;
  if (/\bno-transform\b/i.test(String(headers['cache-control'] ?? ''))) return false;
  const length = Number(headers['content-length']);
  if (Number.isFinite(length) && length < MIN_BYTES) return false;
  return COMPRESSIBLE.test(String(headers['content-type'] ?? ''));
}

/** A whole body compressed once (a cached page: worth the best ratio, it is sent many times). */
export function compressWhole(body: Buffer): Buffer {
  return gzipSync(body, { level: 9 });
}

/**
 * A compressing stream for an answer sent as it is produced, at a quality that keeps up with it.
 * `flushEachChunk` for a page rendered per request, which streams its suspended parts: each goes
 * out as soon as the server has it, rather than when the compressor's buffer fills.
 */
export function compressingStream(flushEachChunk: boolean): Gzip {
  return createGzip({ level: 6, ...(flushEachChunk ? { flush: constants.Z_SYNC_FLUSH } : {}) });
}
