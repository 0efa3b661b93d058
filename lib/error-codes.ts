/**
 * The error catalogue (spec section 8): every code the API may answer, with its kind written once
 * next to it. The server throws DomainError with one of these codes; the RPC layer turns the kind
 * into a Connect code; the browser shows `errors.<code>` from messages/ (a unit test keeps every
 * code translated in every locale).
 *
 * Kinds:
 * - invalid: the request is malformed or breaks a business rule; the caller can fix it.
 * - notFound: something named in the request does not exist.
 * - failedPrecondition: well-formed, but the current state forbids it (sold out, price changed…).
 * - conflict: the same request is being processed right now, or a key was reused for another body.
 * - unavailable: an outside system did not answer properly; trying again later may help.
 * - rateLimited: too many attempts from this caller.
 * - internal: our fault.
 * - protocol: a Connect-level refusal (its code names the Connect code).
 */
export const ERROR_CODES = {
  // General.
  internal_error: 'internal',
  invalid_request: 'invalid',
  too_many_requests: 'rateLimited',
  /** A voucher-code lookup while guessing is throttled: solve the challenge sent along and call again. */
  challenge_required: 'rateLimited',
  /** This process has more work than it takes on at once (or no database connection free in time): try again after Retry-After. */
  server_busy: 'unavailable',

  // The site of a call (section 3): product_variant against the request host.
  missing_headers: 'invalid',
  unexpected_combination: 'invalid',

  // Idempotent creates.
  idempotency_key_reused: 'conflict',
  request_in_progress: 'conflict',

  // Availability and link.
  not_from_booking: 'invalid',
  not_https_url: 'invalid',
  request_failed: 'unavailable',
  unexpected_format: 'invalid',
  unexpected_status_code: 'unavailable',
  cannot_scrape_property_id: 'unavailable',
  cannot_scrape_accommodation_id: 'unavailable',
  hotel_unavailable: 'failedPrecondition',
  accommodation_unavailable: 'failedPrecondition',
  hotel_not_found: 'notFound',
  availability_expired: 'notFound',

  // URL analysis.
  invalid_url: 'invalid',
  invalid_checkin: 'invalid',
  invalid_checkout: 'invalid',
  invalid_child_age: 'invalid',
  missing_child_age: 'invalid',
  invalid_group_adults: 'invalid',
  invalid_group_children: 'invalid',
  invalid_rooms: 'invalid',
  checkin_in_past: 'invalid',
  checkout_in_past: 'invalid',
  checkout_before_checkin: 'invalid',
  stay_too_long: 'invalid',
  checkin_too_far: 'invalid',
  invalid_adults_count: 'invalid',
  invalid_children_count: 'invalid',
  unexpected_count_of_children_ages: 'invalid',

  // Preview.
  invalid_adults_number: 'invalid',
  invalid_children_number: 'invalid',
  too_many_adults: 'invalid',
  too_many_children: 'invalid',
  zero_adults: 'invalid',
  less_adults_than_products: 'invalid',
  no_products: 'invalid',
  too_many_units: 'failedPrecondition',
  not_payable_online: 'failedPrecondition',
  preview_expired: 'failedPrecondition',
  preview_already_ordered: 'failedPrecondition',
  price_changed: 'failedPrecondition',

  // Order.
  higher_price_error: 'failedPrecondition',
  invalid_booking_status: 'failedPrecondition',
  booking_failed: 'failedPrecondition',
  order_not_found: 'notFound',
  order_not_cancellable: 'failedPrecondition',
  /** Booking.com said no to cancelling a booked stay (it has begun there): the booking stays. */
  cancellation_refused: 'failedPrecondition',
  order_not_payable: 'failedPrecondition',

  // Payment methods and the payment calculation.
  payment_method_not_found: 'notFound',
  payment_method_not_allowed: 'invalid',
  invalid_payment_value: 'invalid',
  missing_currency: 'invalid',
  currency_mismatch: 'invalid',
  missing_payment_method_id: 'invalid',
  too_many_payment_methods: 'invalid',
  nothing_to_pay: 'invalid',

  // Vouchers.
  voucher_not_found: 'notFound',
  voucher_unsupported_type: 'invalid',
  voucher_unsupported: 'invalid',
  invalid_voucher_code: 'invalid',
  too_many_voucher_codes: 'invalid',
  voucher_balance_changed: 'failedPrecondition',
  invalid_voucher_value: 'invalid',
  vouchers_not_sold: 'failedPrecondition',

  // Coupons.
  coupon_not_valid: 'invalid',
  coupon_not_usable_for_payment_type: 'invalid',
  card_payment_not_supported: 'failedPrecondition',

  // Connect protocol refusals (the snake_case of the Connect code).
  unimplemented: 'protocol',
  invalid_argument: 'protocol',
  deadline_exceeded: 'protocol',
  resource_exhausted: 'protocol',
  unavailable: 'protocol',
  canceled: 'protocol',
  unknown: 'protocol',
} as const satisfies Record<string, ErrorKind>;

export type ErrorKind =
  | 'invalid'
  | 'notFound'
  | 'failedPrecondition'
  | 'conflict'
  | 'unavailable'
  | 'rateLimited'
  | 'internal'
  | 'protocol';

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** A code from the wire as the UI may show it; anything unknown reads as `unknown`. */
export function displayableCode(value: unknown): ErrorCode {
  return isErrorCode(value) ? value : 'unknown';
}
