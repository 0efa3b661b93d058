
/**
 * Every write to an outside system (a Booking.com order or cancellation, a gateway payment, its
 * reversal or refund, a mail) ends in one of three ways, and only the system can tell which:
 *
 * - done: it answered that the write happened (the adapter returns);
 * - refused: it answered, in its own terms, that it did not (the adapter throws a definite error:
 *   a DomainError such as booking_failed, a GatewayResultError);
 * - unknown: no usable answer (5xx, 408, 429, a timeout, a reset connection, a body we cannot
 *   read). The write may or may not have happened. The adapter throws OutcomeUnknown, and the
 *   caller resolves it by asking the system (Booking.com by our label, a gateway's status, the
 *   bank statement) later, with backoff, never by assuming failure, and never by blindly writing
 *   again.
 *
 * An adapter decides "answered or not" with `answered` below, so no adapter can treat a load
 * balancer's 502 as the system's refusal.
 */
export class OutcomeUnknown extends Error {
  override readonly name = 'OutcomeUnknown';
  /** From a 429's or 503's Retry-After: ask again no sooner than this. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly system: string,
    readonly operation: string,
    detail: string,
    options: { cause?: unknown; retryAfterMs?: number } = {},
  ) {
    super(`${system} ${operation}: outcome unknown (${detail})`, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * The system answered, and the write cannot happen yet but will later (ČSOB refunds part of a
 * card payment only once it is settled, overnight): the job comes back after `retryAfterMs`, as
 * for a Retry-After, instead of spending its retries.
 */
export class AskLater extends Error {
  override readonly name = 'AskLater';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * Whether an HTTP status is the system's own answer to a write. 2xx and 4xx are (but for 408 and
 * 429, which say the request was not looked at, and which we treat as unknown so that the write
 * is looked up before it is sent again); 1xx, 3xx and 5xx are not: a proxy or load balancer may
 * have answered after the system did the work.
 */
export function answered(status: number): boolean {
  return status >= 200 && status < 500 && status !== 408 && status !== 429 && !(status >= 300 && status < 400);
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`, if there is one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
