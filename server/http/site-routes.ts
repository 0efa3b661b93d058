import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { consoleRoutes } from '../console/routes';
import { createPaymentCallbacks } from '../payments/callbacks';
import { refuseBusyCall } from '../rpc/busy-answer';
import { createApiHttpHandler } from '../rpc/http-mount';
import { sandboxGate } from '../security/sandbox-gate';
import type { Services } from '../services';
import { orderDocumentResponse, refuseBusyDocument } from './documents';
import { fromFetchHandler } from './fetch-bridge';
import { health } from './health';
import { inFlightLimit } from './in-flight';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
export type FetchHandler = (request: Request) => Promise<Response>;

const CALLBACK = /^\/api\/payments\/([a-z]+)\/([a-z]+)$/;
const DOCUMENT = /^\/api\/orders\/([^/]+)\/documents\/([^/]+)$/;

/**
 * Everything the site serves besides pages, in the server's own module graph: the API, the
 * gateways' callbacks, the documents of an order, the health check and (in sandbox mode) the
 * simulators, which the composition root hands in (production code never imports them). Answers
 * false for a path it does not serve, which is then a page for Next.
 */
export function siteRoutes(services: Services, simulators?: FetchHandler): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const api = createApiHttpHandler(services, '/api');
  const callbacks = createPaymentCallbacks(services);
  const sandbox = services.config.sandbox ? simulators : undefined;
  // The listener has refused targets that are not plain paths, so the URL's path is the one routed.
  const callback = fromFetchHandler((request) => {
    const [, gateway = '', action = ''] = CALLBACK.exec(new URL(request.url).pathname) ?? [];
    return callbacks(request, gateway, action);
  });
  const document = fromFetchHandler((request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const [, orderId = '', file = ''] = DOCUMENT.exec(new URL(request.url).pathname) ?? [];
    return orderDocumentResponse(services, orderId, file, request);
  });
  const healthz = fromFetchHandler(() => health(services));
  const operatorConsole = fromFetchHandler(consoleRoutes(services));
  // Every /sandbox path is a 404 unless the sandbox is on, and then only for whom the gate lets in.
  const sandboxRoute = fromFetchHandler((request) =>
    sandbox ? (sandboxGate(request, services.config) ?? sandbox(request)) : new Response('Not found', { status: 404 }),
  );
  // The API and the documents together take at most so many requests at once; more are refused at once.
  const { limit } = inFlightLimit(services.config.limits.maxInFlight);
  const handlers: Record<Route, NodeHandler> = { callback, document: limit(document, refuseBusyDocument), api: limit(api, refuseBusyCall), healthz, sandbox: sandboxRoute, console: operatorConsole };
  return async (req, res) => {
    const route = routeOf((req.url ?? '/').split('?', 1)[0]!);
    if (!route) return false;
    await handlers[route](req, res);
    return true;
  };
}

type Route = 'callback' | 'document' | 'api' | 'healthz' | 'sandbox' | 'console';

/** Which of the site's own routes serves a path; undefined: a page, for Next. */
export function routeOf(path: string): Route | undefined {
  if (CALLBACK.test(path)) return 'callback';
  if (DOCUMENT.test(path)) return 'document';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path === '/healthz') return 'healthz';
  if (path === '/sandbox' || path.startsWith('/sandbox/')) return 'sandbox';
  if (path === '/console' || path.startsWith('/console/')) return 'console';
  return undefined;
}
