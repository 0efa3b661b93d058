import 'server-only';
import { createConnectRouter } from '@connectrpc/connect';
import { createFetchHandler } from '@connectrpc/connect/protocol';
import type { Services } from '../services';
import { apiRoutes } from './routes';
import { routerOptions } from './router';

/**
 * The API as a fetch handler: `${prefix}/dzb.v1.ApiService/<Method>` in, Connect response out.
 * app/api/[...rpc]/route.ts mounts it; tests call it with plain Request objects.
 */
export function createApiHandler(services: Services, prefix: string) {
  const router = createConnectRouter(routerOptions(services));
  apiRoutes(services)(router);
  const handlers = new Map(
    router.handlers.map((handler) => [prefix + handler.requestPath, createFetchHandler(handler)]),
  );
  return (request: Request): Promise<Response> => {
    const handler = handlers.get(new URL(request.url).pathname);
    if (handler) return handler(request);
    return Promise.resolve(
      Response.json({ code: 'not_found', message: 'no such procedure' }, { status: 404 }),
    );
  };
}
