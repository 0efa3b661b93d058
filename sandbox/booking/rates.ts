import type { Rate } from './catalogue-types';

/**
 * The rate plans most hotels sell, so the catalogue reads as data: a flexible rate, a cheaper
 * non-refundable one (always paid online at once, as Booking.com's are) and a breakfast rate.
 * Rate ids repeat across rooms, as Booking.com's do.
 */
export function standardRates(options: { freeDays?: number; timings?: Rate['timings']; deal?: Rate['deal'] } = {}): Rate[] {
  const timings = options.timings ?? ['pay_online_now', 'pay_online_later', 'pay_at_the_property'];
  const freeCancellationDays = options.freeDays ?? 2;
  return [
    { id: 301001, freeCancellationDays, meal: 'no_plan', timings, adjustmentBp: 0 },
    { id: 301002, meal: 'no_plan', timings: ['pay_online_now'], adjustmentBp: -1200, ...(options.deal ? { deal: options.deal } : {}) },
    { id: 301003, freeCancellationDays, meal: 'breakfast_included', timings, adjustmentBp: 900 },
  ];
}

/** Rates of a property that takes payment only at its desk. */
export function propertyOnlyRates(freeDays: number): Rate[] {
  return [
    { id: 401001, freeCancellationDays: freeDays, meal: 'no_plan', timings: ['pay_at_the_property'], adjustmentBp: 0 },
    { id: 401003, freeCancellationDays: freeDays, meal: 'half_board', timings: ['pay_at_the_property'], adjustmentBp: 2500 },
  ];
}
