import { ERROR_CODES, type ErrorCode, type ErrorKind } from '@/lib/error-codes';

/**
 * The one domain error of the server. Its code is a code of the error catalogue
 * (lib/error-codes.ts), which also fixes its kind; the RPC layer turns the kind into a Connect
 * code and the UI turns the code into a translated message.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? code, options);
    this.kind = ERROR_CODES[code];
  }
}
