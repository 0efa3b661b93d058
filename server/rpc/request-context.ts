import { type ContextValues, createContextKey, type Interceptor } from '@connectrpc/connect';
import { HEADER_MONITORING_SESSION, HEADER_REQUEST_ID } from '@/lib/rpc/headers';

const REQUEST_ID = createContextKey<string>('', { description: 'request id' });
const MONITORING_SESSION = createContextKey<string>('', { description: 'monitoring session id' });

// Ids from outside are only echoed into logs and error details, so accept a safe shape only.
const SAFE_ID = /^[A-Za-z0-9._-]{8,100}$/;

export function requestIdOf(values: ContextValues): string {
  return values.get(REQUEST_ID);
}

export function monitoringSessionOf(values: ContextValues): string {
  return values.get(MONITORING_SESSION);
}

/**
 * Gives every call a request id (the load balancer's x-request-id when it looks sane, else a new
 * UUID) and remembers the browser's monitoring session id, so a support ticket, a server log
 * line and a monitoring event can be matched up. The request id is echoed in a response header.
 */
export const requestContextInterceptor: Interceptor = (next) => async (req) => {
  const incoming = req.header.get(HEADER_REQUEST_ID);
  const requestId = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  req.contextValues.set(REQUEST_ID, requestId);
  const session = req.header.get(HEADER_MONITORING_SESSION);
  if (session && SAFE_ID.test(session)) req.contextValues.set(MONITORING_SESSION, session);
  try {
    const res = await next(req);
    res.header.set(HEADER_REQUEST_ID, requestId);
    return res;
  } catch (error) {
    if (error && typeof error === 'object' && 'metadata' in error && error.metadata instanceof Headers) {
      error.metadata.set(HEADER_REQUEST_ID, requestId);
    }
    throw error;
  }
};
