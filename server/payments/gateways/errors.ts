import { GatewayError, type GatewayType } from './gateway';

/**
 * The gateway answered and said no (ČSOB resultCode ≠ 0, a benefit gateway's error code, an
 * HTTP 4xx), or the adapter refused an operation the payment's state does not allow. `code` is
 * the provider's code as text (`150`, `invalid_state`, `http_404`…), for logs and decisions such
 * as "150 after a timed-out reverse means it probably went through".
 */
export class GatewayResultError extends GatewayError {
  constructor(
    readonly gateway: GatewayType,
    readonly code: string,
    message: string,
    retryable = false,
  ) {
    super(`${gateway}: ${message}`, retryable);
  }
}

/** An answer whose signature does not verify with the gateway's public key: never believed. */
export class InvalidGatewaySignature extends GatewayError {
  constructor(gateway: GatewayType, what: string) {
    super(`${gateway}: invalid_signature on the ${what} answer`, false);
  }
}
