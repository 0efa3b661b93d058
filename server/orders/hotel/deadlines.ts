import { pragueMidnight } from '@/lib/prague-time';
import type { BookingStatus, CancellationSchedule } from '../../db/schema/hotel-orders';
import type { OrderStatus } from '../../db/schema/orders';
import { type Settlement, settleCancellation } from './compensation';

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

/**
 * Which cancellation an order is open to: a booked stay (order paid, booking active), or an order
 * not fully paid yet, for which nothing is booked (policy §6). None once a cancellation was asked
 * for, while a paid order is being booked, or after the order ended.
 */
export type CancellationKind = 'booked' | 'unpaid';

export function cancellationKind(
  status: OrderStatus,
  hotel: { bookingStatus: BookingStatus; cancelRequestedAt: Date | null },
): CancellationKind | undefined {
  if (hotel.cancelRequestedAt) return undefined;
  if (status === 'WAITING' || status === 'PARTIALLY_PAID') return 'unpaid';
  if (status === 'PAID' && hotel.bookingStatus === 'ACTIVE') return 'booked';
  return undefined;
}

export interface Cancellability extends Settlement {
  cancellable: boolean;
  kind?: CancellationKind;
}

/**
 * Our cancellation rule: a booked stay can be cancelled until its check-in day starts (Prague);
 * before the free-cancellation deadline it costs nothing, after it the rate's fee is deducted from
 * the voucher, even when that leaves no voucher (the customer is told before confirming). An
 * unpaid order can be cancelled while it waits for its money, without a fee. What comes back is
 * settleCancellation's voucher. Finance may waive the fee (`feeWaived`): the voucher is everything paid.
 */
export function cancellability(
  input: { kind: CancellationKind | undefined; schedules: readonly CancellationSchedule[]; roomsPrice: number; paid: number; checkIn: string; feeWaived?: boolean },
  now: Date,
): Cancellability {
  const closed = { cancellable: false, paid: input.paid, fee: 0, voucherValue: 0 };
  if (input.kind === 'unpaid') return { cancellable: true, kind: 'unpaid', ...settleCancellation({ paid: input.paid }) };
  if (input.kind !== 'booked' || now >= checkInStarts(input.checkIn)) return closed;
  const booking = { roomsPrice: input.roomsPrice, scheduleFee: input.feeWaived ? 0 : cancellationFee(input.schedules, now) };
  return { cancellable: true, kind: 'booked', ...settleCancellation({ paid: input.paid, booking }) };
}
