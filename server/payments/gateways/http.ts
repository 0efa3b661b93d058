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
 * One JSON call to a gateway with a timeout and no redirect following. Timeouts, network
 * failures, 429 and 5xx become a GatewayError that is retryable only for idempotent calls; every
 * other answer is returned for the adapter to judge.
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
    throw new GatewayError(`${label}: ${timedOut ? 'timed out' : 'network failure'}`, call.idempotent, { cause: error });
  }
  if (response.status === 429 || response.status >= 500) {
    throw new GatewayError(`${label}: HTTP ${response.status}`, call.idempotent);
  }
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new GatewayError(`${label}: HTTP ${response.status} with a body that is not JSON`, false, { cause: error });
    }
  }
  return { status: response.status, body };
}

/** A JSON object, or undefined for anything else (arrays, null, scalars). */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
