import type { PaymentStatus } from '../../db/schema/payments';

/** A payment as a cancellation's settlement reads it (minor units). */
export interface PaidPart {
  status: PaymentStatus;
  amount: number;
  refundedAmount: number;
  /** Asked back and not settled yet (the console's refunds): as good as gone. */
  refundPending?: number;
}

/**
 * What the customer has paid for an order so far: the order value of the cancellation policy
 * (§3). Every paid payment counts whole (what the customer was charged, so the service fee and the
 * insurance price are in it), a payment made with a voucher too; money already sent back (or
 * asked back) and payments still waiting (or given up) do not.
 */
export function paidSoFar(payments: readonly PaidPart[]): number {
  return payments.reduce((sum, p) => (p.status === 'PAID' ? sum + p.amount - p.refundedAmount - (p.refundPending ?? 0) : sum), 0);
}

/** What a cancellation by the customer settles: what was paid, the fee kept, the voucher given. */
export interface Settlement {
  paid: number;
  fee: number;
  voucherValue: number;
}

/**
 * The compensation voucher of a cancellation (policy §3, §6, §7): what was paid minus the
 * cancellation fee, never below zero (fees that reach the order value leave no voucher). The fee
 * is the rate's fee in force, at most the rooms' price (a non-refundable rate costs the whole
 * accommodation). An order never booked (not fully paid) costs no fee. Cancellation insurance
 * changes nothing here: the insurer pays the customer under its own terms.
 */
export function settleCancellation(input: { paid: number; booking?: { roomsPrice: number; scheduleFee: number } }): Settlement {
  const fee = input.booking ? Math.max(0, Math.min(input.booking.roomsPrice, input.booking.scheduleFee)) : 0;
  return { paid: input.paid, fee, voucherValue: Math.max(0, input.paid - fee) };
}
