import type { OutgoingHttpHeaders } from 'node:http';
import { EXTRA_VARY_HEADER } from '../../lib/http/extra-vary.ts';
import { addToVary } from '../http/vary.ts';
import { hashedPolicy, inlineScriptHashes } from './script-hashes.ts';

/**
 * The headers of pages Next.js serves from its cache (Cache-Control with s-maxage: the same HTML
 * for every visitor of a host and language). Such a page cannot carry a per-request nonce, and
 * Next emits no hashes for its inline scripts, so the page edge (server/http/page-edge.ts), which
 * reads the page as Next sends it, swaps the nonce in the Content-Security-Policy for the hashes
 * of the page's own inline scripts, and makes the cache headers safe for a shared cache. Pure
 * functions of headers and body; kept free of path aliases (server.mts loads them directly).
 */
export function isCachedPage(headers: OutgoingHttpHeaders): boolean {
  const type = String(headers['content-type'] ?? '');
  return type.startsWith('text/html') && sharedByNature(headers) && headers['content-security-policy'] !== undefined;
}

/** The headers without one of them. */
export function without(headers: OutgoingHttpHeaders, name: string): OutgoingHttpHeaders {
  const rest = { ...headers };
  delete rest[name];
  return rest;
}

function sharedByNature(headers: OutgoingHttpHeaders): boolean {
  return /\bs-maxage=\d+/.test(String(headers['cache-control'] ?? ''));
}

/**
 * Merges what proxy.ts says an answer also varies on (a path without a locale takes its language
 * from the visitor's cookie and browser) into Vary, which Next rewrites for every page.
 */
export function withExtraVary(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const extra = headers[EXTRA_VARY_HEADER];
  if (extra === undefined) return headers;
  const rest = without(headers, EXTRA_VARY_HEADER);
  const vary = addToVary(rest.vary, String(extra).split(',').map((name) => name.trim()));
  return vary ? { ...rest, vary } : rest;
}

/**
 * What a shared cache needs to know of a page the same for everyone, on the page and on each
 * 304 that revalidates it (a 304's headers replace the stored ones, RFC 9111, 4.3.4): the HTML
 * is the same for everyone, a cookie is not, so a page that sets one is kept by nobody.
 */
function shareSafely(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return headers['set-cookie'] === undefined ? headers : { ...headers, 'cache-control': 'private, no-cache' };
}

/**
 * A 304 revalidates a page the browser stored, hashes and all: a policy sent with it would
 * replace the stored one and carry this request's nonce, which the stored page does not have.
 */
export function notModifiedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const rest = without(headers, 'content-security-policy');
  return sharedByNature(rest) ? shareSafely(rest) : rest;
}

/** How many pages' hashes are remembered (by ETag) for HEAD answers and repeated sends. */
const REMEMBERED = 500;

/**
 * Gives cached pages their hash-only policy. Next derives the ETag from the page's bytes, so the
 * same ETag means the same inline scripts: a page served over and over is hashed once.
 */
export function createCachedPagePolicy() {
  const hashesByEtag = new Map<string, string[]>();

  function hashesOf(html: string, etag: string | undefined): string[] {
    const known = etag === undefined ? undefined : hashesByEtag.get(etag);
    if (known) return known;
    const hashes = inlineScriptHashes(html);
    if (etag !== undefined) {
      if (hashesByEtag.size >= REMEMBERED) hashesByEtag.delete(hashesByEtag.keys().next().value!);
      hashesByEtag.set(etag, hashes);
    }
    return hashes;
  }

  /**
   * The headers a cached page goes out with. `html` is the page as sent; a HEAD answer has none,
   * and since its headers may refresh a stored copy (RFC 9111, 4.3.5) it names the page's hashes
   * when they are known and otherwise no policy.
   */
  function headersFor(headers: OutgoingHttpHeaders, html: string | undefined): OutgoingHttpHeaders {
    const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
    const policy = String(headers['content-security-policy']);
    const rest = without(headers, 'content-security-policy');
    const hashes = html !== undefined ? hashesOf(html, etag) : etag !== undefined ? hashesByEtag.get(etag) : undefined;
    return shareSafely(hashes ? { ...rest, 'content-security-policy': hashedPolicy(policy, hashes) } : rest);
  }

  return { headersFor };
}
