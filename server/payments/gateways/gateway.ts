import type { Currency, Language } from '@/lib/variants';
import type { GatewayType } from '../../config/payments';

export type { GatewayType };

/**
 * Where a payment stands at its gateway, in our words. Each adapter maps its provider's states
 * onto these (ČSOB: 1–2 waiting, 3 cancelled, 4/7/8 paid, 5 revoked, 6 rejected, 9–10 refunded).
 */
export type GatewayStatus = 'waiting' | 'paid' | 'cancelled' | 'rejected' | 'revoked' | 'refunded';

export interface CreateGatewayPayment {
  /** Our payment id (UUID); adapters may carry it in merchant data. */
  paymentId: string;
  /** The order's number as people and bank statements see it: digits only, at most 10. */
  orderNumber: string;
  /** Minor units, > 0. */
  amount: number;
  currency: Currency;
  /** What is being paid for, short (ČSOB shows up to 40 characters of it). */
  description: string;
  /** The payer's language for the gateway's page. */
  language: Language;
  /** Where the gateway sends the browser back (our /api/payments/{type}/return). */
  returnUrl: string;
  /** Where the gateway notifies us server to server (gateways without notifications ignore it). */
  notifyUrl: string;
  /** After this the gateway lets the payment expire (ends rejected). */
  ttlSeconds: number;
}

export interface CreatedGatewayPayment {
  gatewayPaymentId: string;
  /** Where to send the visitor to pay (the gateway's page); an https URL outside sandbox mode. */
  redirectUrl: string;
}

/** A payment as the gateway's status query answers it (the only source of truth). */
export interface GatewayPaymentState {
  gatewayPaymentId: string;
  status: GatewayStatus;
  /** What the gateway says was paid, when it says (compared with our stored amount). */
  amount?: number;
  currency?: string;
}

/** A verified browser return: which payment it is about. Its other fields are never trusted. */
export interface GatewayReturn {
  gatewayPaymentId: string;
}

/** A verified server-to-server notification; its status is confirmed by a status query. */
export interface GatewayNotification {
  /** The gateway's id of this event: a repeated delivery carries the same one. */
  eventId: string;
  gatewayPaymentId: string;
  orderNumber: string;
  amount: number;
  currency: string;
  status: GatewayStatus;
}

/** Why a return or notification was refused; the handler answers 400 and changes nothing. */
export type CallbackRejection =
  | 'invalid_signature'
  | 'empty_currency'
  | 'empty_order_number'
  | 'invalid_amount'
  | 'invalid_status'
  | 'unexpected_status'
  | 'unknown_payment';

export class CallbackRejected extends Error {
  override readonly name = 'CallbackRejected';
  constructor(readonly reason: CallbackRejection, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/**
 * A gateway call that failed. `retryable` is true when repeating the same call is safe and may
 * help (timeouts, 429, 5xx on a status query); never for a create, whose outcome is unknown.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * One payment gateway (ČSOB card gateway, Pluxee, Edenred). Every answer, return and
 * notification is verified with the gateway's public key; a failed verification throws
 * CallbackRejected('invalid_signature') or GatewayError, never a made-up state.
 */
export interface Gateway {
  readonly type: GatewayType;
  /** Starts a payment. Not idempotent at the gateway: never retried blindly. */
  create(input: CreateGatewayPayment): Promise<CreatedGatewayPayment>;
  /** Verifies the fields the browser brings back (query string or form body). */
  verifyReturn(fields: URLSearchParams): GatewayReturn;
  /** Verifies a notification over its raw body. Gateways without notifications reject all. */
  verifyNotification(rawBody: string): GatewayNotification;
  /** Asks the gateway where the payment stands. Safe to repeat. */
  status(gatewayPaymentId: string): Promise<GatewayPaymentState>;
  /** Cancels or reverses a payment that is waiting or paid but not settled. */
  cancel(gatewayPaymentId: string): Promise<GatewayPaymentState>;
  /** Returns `amount` (minor units) of a paid payment to the payer. */
  refund(gatewayPaymentId: string, amount: number): Promise<GatewayPaymentState>;
}
