import 'server-only';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { HEADER_VISITOR_ADDRESS } from '@/lib/rpc/headers';
import { busyRefusal } from '../errors';
import { answerClientErrors } from './client-errors';
import { clientAddress, dropUntrustedForwarding, markDirectPeer } from '../net/trusted-proxies';
import { forwardedFor } from './forwarded';
import type { Services } from '../services';
import { malformation, refuseMalformed } from './malformed-requests';
import { RequestAborted } from './node-body';
import { securityHeaders } from './security-headers';
import { type FetchHandler, routeOf, siteRoutes } from './site-routes';

export type Pages = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The web process's request listener: every answer gets the security headers
 * (security-headers.ts); forwarding headers count only from a trusted proxy (from anyone else
 * they are dropped before anything reads them); a malformed host or target, or a TRACE, is
 * refused (malformed-requests.ts); then the site's own routes, then pages. server.mts hands
 * Next in as the pages; tests hand in none and reach the same routes through the same steps.
 * What fails after that is the site's own error, reported, unless the client left mid-request.
 */
export function siteRequestListener(services: Services, parts: { pages?: Pages; simulators?: FetchHandler } = {}) {
  const routes = siteRoutes(services, parts.simulators);
  const pages = parts.pages ?? notFound;
  const secure = securityHeaders(services.config.appEnv);
  return (req: IncomingMessage, res: ServerResponse): void => {
    secure(res);
    // Before the untrusted forwarding headers go: that any came at all is what /sandbox asks.
    markDirectPeer(req.headers, req.socket.remoteAddress);
    dropUntrustedForwarding(req.headers, req.socket.remoteAddress, services.config.trustedProxies);
    // Pages hand this to their API calls: the visitor's own budgets, never one shared by all pages.
    req.headers[HEADER_VISITOR_ADDRESS] = clientAddress(forwardedFor(req), services.config.trustedProxies);
    const route = routeOf((req.url ?? '/').split('?', 1)[0]!);
    res.once('finish', () => {
      const kind = route === 'healthz' ? 'health' : (route ?? 'page');
      services.metrics.request(kind, res.statusCode);
      // Every 503 the site writes itself sheds load (a full render queue, the in-flight limit, no free connection).
      if (res.statusCode === 503 && kind !== 'sandbox') services.metrics.shed(kind);
    });
    const malformed = malformation(req);
    if (malformed) return refuseMalformed(req, res, malformed, services.config);
    void (async () => {
      if (!(await routes(req, res))) await pages(req, res);
    })().catch((error: unknown) => {
      // No database connection free in time is overload, answered but not reported.
      const busy = busyRefusal(error);
      if (!busy && !(error instanceof RequestAborted)) services.report(error, { operation: 'http', path: (req.url ?? '').split('?', 1)[0]! });
      if (!res.headersSent) res.writeHead(busy ? 503 : 500, busy ? { 'retry-after': String(busy.hints.retryAfterSeconds) } : {});
      res.end();
    });
  };
}

/** The site's HTTP server: that listener, and Node's own answers to what it cannot parse with the same headers. */
export function siteServer(services: Services, parts: { pages?: Pages; simulators?: FetchHandler } = {}): Server {
  const server = createServer(siteRequestListener(services, parts));
  answerClientErrors(server, services.config.appEnv);
  return server;
}

async function notFound(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}
