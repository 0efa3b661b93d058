import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code } from '@connectrpc/connect';
import type { Config } from '../config';
import { type RequestSite, siteOfRequest } from '../hosts';
import { edgeRefusals } from '../rpc/edge-errors';
import { webHeaders, writeUnaryResponse } from '../rpc/node-unary';
import { refusalLanguage, refusalText } from '../rpc/refusals';
import { closeAfterResponse } from './node-body';

/** A host name or an IPv4 or IPv6 literal, with a port or without (RFC 9110, 7.2; no user info, no path). */
const HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Methods a fetch Request cannot carry (the routes and Next read requests as fetch Requests); Node answers CONNECT itself. */
const UNSERVED_METHODS = new Set(['TRACE', 'TRACK']);

/**
 * Requests no route can read as they were meant, refused before any route sees them: 405 for
 * TRACE, 400 (RFC 9112, 3.2 and 3.2.1) for a Host header that is no host (a space, a slash, an
 * `@`, a port over 65535) or that comes twice, and for a target that is not a plain path: dot
 * segments (`/./`, `/../`, `%2e%2e`), a backslash, a fragment, characters a browser would have
 * escaped, a `%` that escapes no UTF-8 (`%zz`, `%c0%ae`, `%25` before anything but an escape),
 * or a target that does not start with `/`. Every route and Next would otherwise read such a
 * target as its normalised form (the URL parser resolves dot segments and reads `\` as `/`),
 * each in its own way, some by failing; no browser sends one, so it is refused rather than
 * guessed at. Answers the status to refuse with, if any.
 */
export function malformation(req: IncomingMessage): 400 | 405 | undefined {
  if (!validHost(req) || !plainPath(req.url ?? '')) return 400;
  if (UNSERVED_METHODS.has(req.method ?? '')) return 405;
  return undefined;
}

function validHost(req: IncomingMessage): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  // HTTP/1.0 may leave Host out (Node refuses an HTTP/1.1 request without one itself).
  if (hosts === 0) return true;
  const host = req.headers.host ?? '';
  return hosts === 1 && HOST.test(host) && URL.canParse(`http://${host}/`);
}

function plainPath(target: string): boolean {
  if (!target.startsWith('/')) return false;
  const path = target.split('?', 1)[0]!;
  if (!URL.canParse(`http://site.invalid${path}`) || new URL(`http://site.invalid${path}`).pathname !== path) return false;
  try {
    // Next decodes a page's path twice over: an escaped `%` must escape UTF-8 once decoded too.
    decodeURIComponent(decodeURIComponent(path));
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers a malformed request: under /api as every refusal of the API is written (a Connect
 * error with the catalogue code `invalid_argument`, or `unimplemented` for a method), elsewhere
 * as plain text, that code's text; either in the language of the host's site, when the host is one.
 */
export function refuseMalformed(req: IncomingMessage, res: ServerResponse, status: 400 | 405, config: Config): void {
  // Whatever body it has is not read: the connection closes after the answer.
  closeAfterResponse(req, res);
  const headers = webHeaders(req);
  const site: RequestSite = validHost(req) ? siteOfRequest(headers, config) : { variant: 'cz', known: false };
  const path = (req.url ?? '').split('?', 1)[0]!;
  const [connectCode, code] = status === 405 ? [Code.Unimplemented, 'unimplemented' as const] : [Code.InvalidArgument, 'invalid_argument' as const];
  const allow: Record<string, string> = status === 405 ? { allow: 'GET, HEAD, POST' } : {};
  if (path === '/api' || path.startsWith('/api/')) {
    writeUnaryResponse(edgeRefusals(headers, site)(status, connectCode, code, allow), res);
    return;
  }
  res.writeHead(status, { ...allow, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(refusalText(code, refusalLanguage(site)));
}
