import 'server-only';
import { type Client, createClient } from '@connectrpc/connect';
import type { UniversalClientFn, UniversalHandler } from '@connectrpc/connect/protocol';
import { createTransport } from '@connectrpc/connect/protocol-connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import { HEADER_MONITORING_SESSION, HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import type { RequestSite } from '../hosts';
import type { Services } from '../services';
import { callContext } from './call-context';
import { apiRouter } from './router';

export interface InProcessCaller {
  /** The site of the page that calls (its locale decides it; see lib/variants). */
  site: RequestSite;
  /** The page request's ids, when it has them, so its log lines and the call's match up. */
  requestId?: string;
  monitoringSession?: string;
  /** The visitor's address, when the page knows it (rate limits count per address). */
  client?: string;
}

/**
 * The typed API client for server components: the same router and interceptors as /api, without
 * an HTTP hop. The caller's site travels as a context value (there is no Host header to read).
 */
export function inProcessClient(services: Services, caller: InProcessCaller): Client<typeof ApiService> {
  const handlers = new Map<string, UniversalHandler>(
    apiRouter(services).handlers.map((handler) => [handler.requestPath, handler]),
  );
  const httpClient: UniversalClientFn = async (request) => {
    const handler = handlers.get(new URL(request.url).pathname);
    if (!handler) throw new Error(`no handler for ${request.url}`);
    const header = new Headers(request.header);
    if (caller.requestId) header.set(HEADER_REQUEST_ID, caller.requestId);
    if (caller.monitoringSession) header.set(HEADER_MONITORING_SESSION, caller.monitoringSession);
    const response = await handler({
      httpVersion: '2.0',
      method: request.method,
      url: request.url,
      header,
      body: request.body ?? (async function* () {})(),
      signal: request.signal ?? new AbortController().signal,
      contextValues: callContext(caller.site, caller.client ?? 'in-process'),
    });
    return {
      status: response.status,
      header: new Headers(response.header),
      trailer: new Headers(response.trailer),
      body: response.body ?? (async function* () {})(),
    };
  };
  return createClient(
    ApiService,
    createTransport({
      httpClient,
      baseUrl: 'https://in-process',
      useBinaryFormat: true,
      interceptors: [],
      acceptCompression: [],
      sendCompression: null,
      compressMinBytes: Number.MAX_SAFE_INTEGER,
      readMaxBytes: Number.MAX_SAFE_INTEGER,
      writeMaxBytes: Number.MAX_SAFE_INTEGER,
    }),
  );
}
