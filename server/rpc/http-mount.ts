import 'server-only';
import {
  type UniversalHandler,
  universalServerRequestFromFetch,
  universalServerResponseToFetch,
} from '@connectrpc/connect/protocol';
import { clientOfRequest, siteOfRequest } from '../hosts';
import type { Services } from '../services';
import { callContext } from './call-context';
import { edgeError } from './edge-errors';
import { checkedRequest } from './edge-request';
import { apiRouter } from './router';

/**
 * The API as a fetch handler: `${prefix}/dzb.v1.ApiService/<Method>` in, Connect response out.
 * Every call learns its site from the request host and its client from x-forwarded-for (both
 * already vetted by server.mts). The body is read and checked here first (edge-request.ts), and
 * the bodiless 405 and 415 Connect answers get an error body like every other refusal.
 * app/api/[...rpc]/route.ts mounts it; tests call it with plain Request objects.
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
    const checked = await checkedRequest(request, handler.method.input);
    if (checked instanceof Response) return checked;
    const universal = universalServerRequestFromFetch(checked, {});
    universal.contextValues = callContext(
      siteOfRequest(request.headers, services.config),
      clientOfRequest(request.headers, services.config),
    );
    const response = universalServerResponseToFetch(await handler(universal));
    if (response.status === 405) {
      return edgeError(405, 'unimplemented', `${handler.method.name} answers ${handler.allowedMethods.join(' and ')} only`, 'unimplemented', {
        allow: handler.allowedMethods.join(', '),
      });
    }
    if (response.status === 415) {
      return edgeError(415, 'invalid_argument', 'send content-type application/json or application/proto');
    }
    return response;
  };
}
