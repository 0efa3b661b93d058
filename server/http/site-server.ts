import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { busyRefusal } from '../errors';
import { dropUntrustedForwarding } from '../net/trusted-proxies';
import type { Services } from '../services';
import { type FetchHandler, siteRoutes } from './site-routes';

export type Pages = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The web process's request listener: forwarding headers count only from a trusted proxy (from
 * anyone else they are dropped before anything reads them), then the site's own routes, then
 * pages. server.mts hands Next in as the pages; tests hand in none and reach the same routes
 * through the same steps.
 */
export function siteRequestListener(services: Services, parts: { pages?: Pages; simulators?: FetchHandler } = {}) {
  const routes = siteRoutes(services, parts.simulators);
  const pages = parts.pages ?? notFound;
  return (req: IncomingMessage, res: ServerResponse): void => {
    dropUntrustedForwarding(req.headers, req.socket.remoteAddress, services.config.trustedProxies);
    void (async () => {
      if (!(await routes(req, res))) await pages(req, res);
    })().catch((error: unknown) => {
      // No database connection free in time is overload, answered but not reported.
      const busy = busyRefusal(error);
      if (!busy) services.report(error, { operation: 'http', path: (req.url ?? '').split('?', 1)[0]! });
      if (!res.headersSent) res.writeHead(busy ? 503 : 500, busy ? { 'retry-after': String(busy.hints.retryAfterSeconds) } : {});
      res.end();
    });
  };
}

async function notFound(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
}
