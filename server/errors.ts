import { ERROR_CODES, type ErrorCode, type ErrorKind } from '@/lib/error-codes';

/** What a caller may do next, beside the code: wait (too_many_requests), or prove work first (challenge_required). */
export interface ErrorHints {
  retryAfterSeconds?: number;
  /** A proof-of-work challenge to solve and send back with the same call (server/security/proof-of-work.ts). */
  challenge?: string;
}

/**
 * The one domain error of the server. Its code is a code of the error catalogue
 * (lib/error-codes.ts), which also fixes its kind; the RPC layer turns the kind into a Connect
 * code and the hints into response headers, and the UI turns the code into a translated message.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly kind: ErrorKind;
  readonly hints: ErrorHints;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options?: { cause?: unknown } & ErrorHints,
  ) {
    super(message ?? code, options);
    this.kind = ERROR_CODES[code];
    this.hints = { retryAfterSeconds: options?.retryAfterSeconds, challenge: options?.challenge };
  }
}

/** What a refused request is told to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The refusal of work beyond what this process takes on at once (too many requests in flight, no
 * render or database connection free in time): 503 `server_busy` with Retry-After. It is expected
 * under load, so it is answered and never reported as our fault.
 */
export function serverBusy(message: string, cause?: unknown): DomainError {
  return new DomainError('server_busy', message, { cause, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
}

/** A `server_busy` refusal, also when a driver wrapped it (drizzle keeps it as its failed query's cause). */
export function busyRefusal(error: unknown): DomainError | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof DomainError && e.code === 'server_busy') return e;
  }
  return undefined;
}
