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
