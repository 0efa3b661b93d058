import 'server-only';
import createClient from 'openapi-fetch';
import type { paths } from '@/gen/booking/demand-api-3.1';
import { DomainError } from '../../errors';
import { answered, OutcomeUnknown, retryAfterMs } from '../../outside/outcome';

type Path = keyof paths;
type Operation<P extends Path> = NonNullable<paths[P]['post']>;
export type DemandRequest<P extends Path> = NonNullable<Operation<P>['requestBody']>['content']['application/json'];
export type DemandResponse<P extends Path> = Operation<P>['responses'] extends { 200: { content: { 'application/json': infer R } } } ? R : never;

/** The error body of every Demand API failure (Booking.com's error-handling guide). */
interface DemandErrorBody {
  request_id?: string;
  errors?: { id?: string; message?: string }[];
}

/** A failed Demand API call: its HTTP status and Booking.com's error ids, for mapping to our codes. */
export class DemandApiError extends Error {
  override readonly name = 'DemandApiError';
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly ids: string[],
    readonly requestId: string | undefined,
  ) {
    super(`${operation} answered ${status}${ids.length ? ` (${ids.join(', ')})` : ''}`);
  }
}

export interface DemandApiOptions {
  baseUrl: string;
  apiKey: string;
  affiliateId: number;
  fetch?: typeof fetch;
  /** Waits between retries; tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
}

const READ_TIMEOUT_MS = 10_000;
const WRITE_TIMEOUT_MS = 30_000;
const READ_ATTEMPTS = 3;

/**
 * How a call is treated: a read is retried with backoff; a preview reserves a price for a while
 * and is not retried (a failure is `request_failed`, nothing was committed); a write (orders/create,
 * orders/cancel) is never retried here and has three outcomes (server/outside/outcome.ts): the
 * answer, Booking.com's refusal (DemandApiError, mapped by the portal), or OutcomeUnknown when no
 * answer of Booking.com's own came back (timeout, reset, 408, 429, 5xx, an unreadable body).
 */
type Mode = 'read' | 'preview' | 'write';

/**
 * The typed Demand API 3.1 client (types generated from Booking.com's OpenAPI file). Every call is
 * a POST with the bearer key and the affiliate id.
 */
export function demandApi(options: DemandApiOptions) {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const headers = { Authorization: `Bearer ${options.apiKey}` };

  async function call<P extends Path>(path: P, body: DemandRequest<P>, mode: Mode): Promise<DemandResponse<P>> {
    const attempts = mode === 'read' ? READ_ATTEMPTS : 1;
    for (let attempt = 1; ; attempt++) {
      let status = 0;
      let error: DemandErrorBody | undefined;
      let retryAfter: number | undefined;
      try {
        // openapi-fetch types each operation's body; the generic P erases it here.
        const result = await (client.POST as (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(path, {
          body,
          headers,
          params: { header: { 'X-Affiliate-Id': options.affiliateId } },
          signal: AbortSignal.timeout(mode === 'read' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS),
        });
        if (result.response.ok && result.data !== undefined) return result.data as DemandResponse<P>;
        status = result.response.status;
        error = result.error as DemandErrorBody | undefined;
        retryAfter = Number(result.response.headers.get('retry-after')) || undefined;
        if (mode === 'write' && (!answered(status) || result.response.ok)) {
          throw new OutcomeUnknown('Booking.com', path, result.response.ok ? 'an answer without a body' : `HTTP ${status}`, {
            retryAfterMs: retryAfterMs(result.response.headers.get('retry-after')),
          });
        }
      } catch (cause) {
        if (cause instanceof OutcomeUnknown) throw cause;
        if (mode === 'write') throw new OutcomeUnknown('Booking.com', path, 'no answer', { cause });
        if (attempt >= attempts) throw new DomainError('request_failed', `${path} did not answer`, { cause });
      }
      const retryable = status === 0 || status === 429 || status >= 500;
      if (status !== 0 && (!retryable || attempt >= attempts)) {
        throw new DemandApiError(path, status, (error?.errors ?? []).map((e) => e.id ?? '').filter(Boolean), error?.request_id);
      }
      // Exponential backoff with full jitter; a Retry-After is honoured up to 5 s.
      const backoff = Math.min(5_000, (retryAfter ?? 0) * 1000 || 200 * 2 ** attempt * jitter());
      await sleep(backoff);
    }
  }

  return {
    details: (body: DemandRequest<'/accommodations/details'>) => call('/accommodations/details', body, 'read'),
    cities: (body: DemandRequest<'/common/locations/cities'>) => call('/common/locations/cities', body, 'read'),
    availability: (body: DemandRequest<'/accommodations/availability'>) => call('/accommodations/availability', body, 'read'),
    preview: (body: DemandRequest<'/orders/preview'>) => call('/orders/preview', body, 'preview'),
    create: (body: DemandRequest<'/orders/create'>) => call('/orders/create', body, 'write'),
    orderDetails: (body: DemandRequest<'/orders/details'>) => call('/orders/details', body, 'read'),
    orderAccommodations: (body: DemandRequest<'/orders/details/accommodations'>) => call('/orders/details/accommodations', body, 'read'),
    cancel: (body: DemandRequest<'/orders/cancel'>) => call('/orders/cancel', body, 'write'),
  };
}

export type DemandApi = ReturnType<typeof demandApi>;

/** A uniform value in [0.5, 1): jitter only spreads retries, it needs no cryptographic strength. */
function jitter(): number {
  const [value = 0] = crypto.getRandomValues(new Uint16Array(1));
  return 0.5 + value / 131_072;
}
