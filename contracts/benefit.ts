import type { SignedFields } from './signing';

/**
 * Our protocol for the Pluxee and Edenred gateways until their real specifications arrive
 * (payment-gateways.md §2.6), signed the ČSOB way. Two additions to the table there: the payment
 * id of a path (`/payments/{id}/…`) is signed too, so a signature cannot be replayed against
 * another payment; and create takes an optional `language` (as ČSOB's init does), so the
 * provider's page speaks the payer's language.
 */
export const CREATE_REQUEST: SignedFields = [
  'merchantId',
  'orderNumber',
  'amount',
  'currency',
  'category',
  'returnUrl',
  'notifyUrl',
  'ttlSec',
  'language',
  'dttm',
];
export const CREATE_RESPONSE: SignedFields = ['gatewayPaymentId', 'redirectUrl', 'status', 'dttm'];

/** GET /payments/{id}?dttm=…&signature=… */
export const STATUS_REQUEST: SignedFields = ['gatewayPaymentId', 'dttm'];
/** The answer to status, cancel and refund. */
export const STATUS_RESPONSE: SignedFields = ['gatewayPaymentId', 'orderNumber', 'amount', 'currency', 'status', 'dttm'];

/** POST /payments/{id}/cancel and /refund with body {amount, dttm, signature}. */
export const AMOUNT_REQUEST: SignedFields = ['gatewayPaymentId', 'amount', 'dttm'];

export const NOTIFICATION: SignedFields = ['eventId', 'gatewayPaymentId', 'orderNumber', 'amount', 'currency', 'status', 'dttm'];

/** The browser's return: `?gatewayPaymentId=…&dttm=…&signature=…`. */
export const RETURN_FIELDS: SignedFields = ['gatewayPaymentId', 'dttm'];

/** Error answers (4xx): {code, message, dttm, signature}. */
export const ERROR_RESPONSE: SignedFields = ['code', 'message', 'dttm'];

export const BENEFIT_STATUSES = ['CREATED', 'PAID', 'CANCELLED', 'REJECTED', 'EXPIRED', 'REFUNDED'] as const;
export type BenefitStatus = (typeof BENEFIT_STATUSES)[number];
export function isBenefitStatus(value: unknown): value is BenefitStatus {
  return typeof value === 'string' && (BENEFIT_STATUSES as readonly string[]).includes(value);
}

/** Statuses a notification may carry (a payment is never notified as just created). */
export const NOTIFIED_STATUSES = ['PAID', 'CANCELLED', 'REJECTED', 'EXPIRED', 'REFUNDED'] as const satisfies readonly BenefitStatus[];

/** How far a notification's dttm may be from our clock. */
export const NOTIFICATION_TOLERANCE_SECONDS = 300;
