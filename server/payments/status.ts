import type { PaymentStatus } from '../db/schema/payments';

export type { PaymentStatus };

/**
 * The payment state machine: a payment moves only forward along these edges. Everything else is
 * refused (a late "paid" for a cancelled payment is an unexpected status, handled by refunding).
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  WAITING: ['PAID', 'CANCELLED', 'REJECTED', 'REVOKED'],
  PAID: ['REFUNDED'],
  CANCELLED: [],
  REJECTED: [],
  REVOKED: [],
  REFUNDED: [],
};

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

const FAILED: readonly PaymentStatus[] = ['CANCELLED', 'REJECTED', 'REVOKED'];

/** Payments their owner gave up on (failed, expired, cancelled): money arriving for them belongs to no order any more. */
export const GIVEN_UP = FAILED;

/** What an order's payments add up to, read from its current (not replaced) payments. */
export type PaymentsState = 'WAITING' | 'PARTIALLY_PAID' | 'PAID' | 'REFUNDED';

/**
 * The owner's status rule as a pure function of its current payments:
 * - PAID: every payment is paid (an order without payments is paid: vouchers covered it);
 * - REFUNDED: nothing is paid or waiting any more and some money was returned;
 * - PARTIALLY_PAID: something is paid (or returned) while something else is not;
 * - WAITING: nothing is paid yet (a failed payment may still be paid again).
 */
export function paymentsState(statuses: readonly PaymentStatus[]): PaymentsState {
  if (statuses.every((s) => s === 'PAID')) return 'PAID';
  const refunded = statuses.some((s) => s === 'REFUNDED');
  if (refunded && statuses.every((s) => s === 'REFUNDED' || FAILED.includes(s))) return 'REFUNDED';
  if (statuses.some((s) => s === 'PAID' || s === 'REFUNDED')) return 'PARTIALLY_PAID';
  return 'WAITING';
}
