/**
 * The one domain error of the server. Its code is a code of the spec's error catalogue
 * (section 8); the RPC layer turns it into a ConnectError and the UI into a translated message.
 */
export const ERROR_KINDS = {
  // The request is malformed or breaks a business rule: the caller can fix it.
  invalid: 'invalid',
  // Something named in the request does not exist.
  notFound: 'notFound',
  // The request is well-formed but the current state forbids it (sold out, price changed…).
  failedPrecondition: 'failedPrecondition',
  // An outside system did not answer properly; trying again later may help.
  unavailable: 'unavailable',
  // Too many attempts from this caller.
  rateLimited: 'rateLimited',
  // Our fault.
  internal: 'internal',
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    /** Catalogue code, e.g. `not_from_booking`, `checkin_in_past`, `higher_price_error`. */
    readonly code: string,
    readonly kind: ErrorKind,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? code, options);
  }
}
