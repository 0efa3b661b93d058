import type { Interceptor } from '@connectrpc/connect';
import { HEADER_MONITORING_SESSION, HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import { setRequestIds } from './call-context';

// Ids from outside are only echoed into logs and error details, so accept a safe shape only.
const SAFE_ID = /^[A-Za-z0-9._-]{8,100}$/;

/**
 * Gives every call a request id (the load balancer's x-request-id when it looks sane, else a new
 * UUID) and remembers the browser's monitoring session id. The request id is echoed in a
 * response header, on failures too.
 */
export const requestIdInterceptor: Interceptor = (next) => async (req) => {
  const requestId = requestIdFor(req.header);
  const session = req.header.get(HEADER_MONITORING_SESSION);
  setRequestIds(req.contextValues, requestId, session && SAFE_ID.test(session) ? session : undefined);
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

/** The id of a request: the load balancer's x-request-id when it looks sane, else a new UUID. */
export function requestIdFor(header: Headers): string {
  const incoming = header.get(HEADER_REQUEST_ID);
  return incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
}
