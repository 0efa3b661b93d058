import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER_VISITOR_ADDRESS } from '@/lib/rpc/headers';
import { clientAddress, dropUntrustedForwarding } from '../net/trusted-proxies';
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
    dropUntrustedForwarding(req.headers, req.socket.remoteAddress, services.config.trustedProxies);
    // Pages hand this to their API calls: the visitor's own budgets, never one shared by all pages.
    req.headers[HEADER_VISITOR_ADDRESS] = clientAddress(forwardedFor(req), services.config.trustedProxies);
    const route = routeOf((req.url ?? '/').split('?', 1)[0]!);
    res.once('finish', () => services.metrics.request(route === 'healthz' ? 'health' : (route ?? 'page'), res.statusCode));
    const malformed = malformation(req);
    if (malformed) return refuseMalformed(req, res, malformed, services.config);
    void (async () => {
      if (!(await routes(req, res))) await pages(req, res);
    })().catch((error: unknown) => {
      if (!(error instanceof RequestAborted)) services.report(error, { operation: 'http', path: (req.url ?? '').split('?', 1)[0]! });
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}

async function notFound(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}
