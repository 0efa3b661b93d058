import type { GatewayStatus } from '../gateway';

/**
 * ČSOB paymentStatus (eAPI §1.7) in our words: 1 initiated and 2 in progress wait; 4 authorized,
 * 7 captured and 8 settled are paid; 9 (seconds-long) and 10 are refunded.
 */
export const CSOB_STATUS: Readonly<Record<number, GatewayStatus>> = {
  1: 'waiting',
  2: 'waiting',
  3: 'cancelled',
  4: 'paid',
  5: 'revoked',
  6: 'rejected',
  7: 'paid',
  8: 'paid',
  9: 'refunded',
  10: 'refunded',
};

export function csobStatus(paymentStatus: number): GatewayStatus | undefined {
  return Object.hasOwn(CSOB_STATUS, paymentStatus) ? CSOB_STATUS[paymentStatus] : undefined;
}

/** States in which payment/reverse is allowed (the whole amount, before settlement). */
export const REVERSIBLE = [4, 7] as const;
/** States in which payment/refund is allowed (settled, or already partly refunded). */
export const REFUNDABLE = [8, 10] as const;
