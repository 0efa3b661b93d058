import 'server-only';
import {
  type UniversalHandler,
  universalServerRequestFromFetch,
  universalServerResponseToFetch,
} from '@connectrpc/connect/protocol';
import { clientOfRequest, siteOfRequest } from '../hosts';
import type { Services } from '../services';
import { callContext } from './call-context';
import { apiRouter } from './router';

/**
 * The API as a fetch handler: `${prefix}/dzb.v1.ApiService/<Method>` in, Connect response out.
 * Every call learns its site from the request host and its client from x-forwarded-for (both
 * already vetted by server.mts). app/api/[...rpc]/route.ts mounts it; tests call it with plain
 * Request objects.
 */
export function createApiHandler(services: Services, prefix: string) {
  const handlers = new Map<string, UniversalHandler>(
    apiRouter(services).handlers.map((handler) => [prefix + handler.requestPath, handler]),
  );
  return async (request: Request): Promise<Response> => {
    const handler = handlers.get(new URL(request.url).pathname);
    if (!handler) {
      return Response.json({ code: 'not_found', message: 'no such procedure' }, { status: 404 });
    }
    const universal = universalServerRequestFromFetch(request, {});
    universal.contextValues = callContext(
      siteOfRequest(request.headers, services.config),
      clientOfRequest(request.headers, services.config),
    );
    return universalServerResponseToFetch(await handler(universal));
  };
}
