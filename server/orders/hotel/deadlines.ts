import { pragueMidnight } from '@/lib/prague-time';
import type { CancellationSchedule } from '../../db/schema/hotel-orders';

/** Midnight in Prague at the start of a calendar date (the stays of our markets live there). */
export const checkInStarts = (date: string): Date => pragueMidnight(date);

/** The fee Booking.com charges for cancelling every unit at `at`: the step in force per unit. */
export function cancellationFee(schedules: readonly CancellationSchedule[], at: Date): number {
  let total = 0;
  for (const schedule of schedules) {
    let fee = 0;
    for (const step of schedule) {
      if (step.from === 'now' || new Date(step.from) <= at) fee = step.fee;
    }
    total += fee;
  }
  return total;
}

export interface Cancellability {
  cancellable: boolean;
  /** Booking.com's fee now. */
  fee: number;
  /** What the visitor gets back as a voucher. */
  voucherValue: number;
}

/**
 * Our cancellation rule: a booked stay can be cancelled until its check-in day starts. Before the
 * free-cancellation deadline it costs nothing; after it Booking.com's fee applies, which the
 * cancellation insurance covers. The visitor gets a voucher for the rooms they paid minus the fee
 * we are charged (our service fee and the insurance price are not returned). A cancellation that
 * would return nothing is not offered.
 */
export function cancellability(
  input: { schedules: readonly CancellationSchedule[]; roomsPaid: number; insured: boolean; checkIn: string },
  now: Date,
): Cancellability {
  if (now >= checkInStarts(input.checkIn)) return { cancellable: false, fee: 0, voucherValue: 0 };
  const fee = Math.min(input.roomsPaid, cancellationFee(input.schedules, now));
  const voucherValue = input.insured ? input.roomsPaid : input.roomsPaid - fee;
  return { cancellable: voucherValue > 0, fee, voucherValue };
}
