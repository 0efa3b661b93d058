import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRouterTransport, type Interceptor, type Transport } from '@connectrpc/connect';
import { HEADER_MONITORING_SESSION, HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import type { Services } from '../services';
import { setCallContext } from './call-context';
import type { InProcessCaller, PagePort } from './page-port';
import { apiRouterOptions, apiRoutes } from './router';

/**
 * The API for server components and tests: one router transport (the same routes and
 * interceptors as /api, no HTTP hop) for the whole process. There is no Host header to read the
 * site from, so each caller's site and visitor (address, pass) travel beside its calls (async context) and the
 * first interceptor puts them where the HTTP mount puts a request's.
 */
export function inProcessApi(services: Services): PagePort {
  const callers = new AsyncLocalStorage<InProcessCaller>();
  const callerInterceptor: Interceptor = (next) => (req) => {
    const caller = callers.getStore();
    if (caller) setCallContext(req.contextValues, caller.site, { client: caller.client, pass: caller.pass });
    return next(req);
  };
  const shared = createRouterTransport(apiRoutes(services), { router: apiRouterOptions(services, [callerInterceptor]) });
  return {
    transport(caller): Transport {
      const withIds = (init: HeadersInit | undefined) => {
        const header = new Headers(init);
        if (caller.requestId) header.set(HEADER_REQUEST_ID, caller.requestId);
        if (caller.monitoringSession) header.set(HEADER_MONITORING_SESSION, caller.monitoringSession);
        return header;
      };
      return {
        unary: (method, signal, timeoutMs, header, input, contextValues) =>
          callers.run(caller, () => shared.unary(method, signal, timeoutMs, withIds(header), input, contextValues)),
        stream: (method, signal, timeoutMs, header, input, contextValues) =>
          callers.run(caller, () => shared.stream(method, signal, timeoutMs, withIds(header), input, contextValues)),
      };
    },
  };
}
