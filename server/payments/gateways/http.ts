import { answered, OutcomeUnknown, retryAfterMs } from '../../outside/outcome';
import { GatewayError, type GatewayType } from './gateway';

export const GATEWAY_TIMEOUT_MS = 10_000;

export interface GatewayCall {
  gateway: GatewayType;
  /** Names the operation in error messages. */
  what: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  /** Whether repeating the call is safe (status queries): only then are failures retryable. */
  idempotent: boolean;
  fetch: typeof fetch;
  timeoutMs?: number;
}

export interface GatewayAnswer {
  status: number;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

/**
 * One JSON call to a gateway with a timeout and no redirect following. When no answer of the
 * gateway's own comes back (a timeout, a network failure, 408, 429, 5xx, a body that is not
 * JSON; server/outside/outcome.ts), a query (idempotent) fails with a retryable GatewayError,
 * and a write (init, reverse, refund) with OutcomeUnknown: it may have happened, so the caller
 * asks the gateway's status before anything else. Every other answer is returned for the adapter
 * to judge.
 */
export async function callGateway(call: GatewayCall): Promise<GatewayAnswer> {
  const label = `${call.gateway} ${call.what}`;
  let response: Response;
  let text: string;
  try {
    response = await call.fetch(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const what = timedOut ? 'timed out' : 'network failure';
    if (!call.idempotent) throw new OutcomeUnknown(call.gateway, call.what, what, { cause: error });
    throw new GatewayError(`${label}: ${what}`, true, { cause: error });
  }
  if (!answered(response.status)) {
    if (!call.idempotent) throw new OutcomeUnknown(call.gateway, call.what, `HTTP ${response.status}`, { retryAfterMs: retryAfterMs(response.headers.get('retry-after')) });
    throw new GatewayError(`${label}: HTTP ${response.status}`, true);
  }
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      if (!call.idempotent) throw new OutcomeUnknown(call.gateway, call.what, `HTTP ${response.status} with a body that is not JSON`, { cause: error });
      throw new GatewayError(`${label}: HTTP ${response.status} with a body that is not JSON`, false, { cause: error });
    }
  }
  return { status: response.status, body };
}

/** A JSON object, or undefined for anything else (arrays, null, scalars). */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
