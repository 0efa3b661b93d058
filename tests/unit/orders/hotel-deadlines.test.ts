import { describe, expect, it } from 'vitest';
import { cancellability, cancellationFee, checkInStarts } from '@/server/orders/hotel/deadlines';

describe('check-in day start in Prague', () => {
  it('follows the winter and the summer offset', () => {
    expect(checkInStarts('2026-12-24').toISOString()).toBe('2026-12-23T23:00:00.000Z');
    expect(checkInStarts('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('counts the night the clocks go forward from the right midnight', () => {
    // 29 March 2026: Prague switches to summer time at 02:00, so midnight is still +1.
    expect(checkInStarts('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});

describe('cancellation fee and compensation voucher', () => {
  // Two rooms: free until 1 Dec, then 40 000 and 30 000 (minor units).
  const schedules = [
    [
      { from: 'now' as const, fee: 0 },
      { from: '2026-12-01T00:00:00.000Z', fee: 40_000 },
    ],
    [
      { from: 'now' as const, fee: 0 },
      { from: '2026-12-01T00:00:00.000Z', fee: 30_000 },
    ],
  ];
  const input = { schedules, roomsPaid: 100_000, insured: false, checkIn: '2026-12-10' };

  it('adds the step in force for every room', () => {
    expect(cancellationFee(schedules, new Date('2026-11-30T23:59:59Z'))).toBe(0);
    expect(cancellationFee(schedules, new Date('2026-12-01T00:00:00Z'))).toBe(70_000);
  });

  it('returns the whole room price as a voucher before the deadline', () => {
    expect(cancellability(input, new Date('2026-11-25T10:00:00Z'))).toEqual({ cancellable: true, fee: 0, voucherValue: 100_000 });
  });

  it('deducts the fee after the deadline unless the stay is insured', () => {
    const late = new Date('2026-12-05T10:00:00Z');
    expect(cancellability(input, late)).toEqual({ cancellable: true, fee: 70_000, voucherValue: 30_000 });
    expect(cancellability({ ...input, insured: true }, late)).toEqual({ cancellable: true, fee: 70_000, voucherValue: 100_000 });
  });

  it('does not offer a cancellation that returns nothing, nor one on or after the check-in day', () => {
    const nonRefundable = [[{ from: 'now' as const, fee: 100_000 }]];
    expect(cancellability({ ...input, schedules: nonRefundable }, new Date('2026-11-25T10:00:00Z')).cancellable).toBe(false);
    expect(cancellability(input, new Date('2026-12-09T23:00:00Z')).cancellable).toBe(false);
    expect(cancellability(input, new Date('2026-12-09T22:59:59Z')).cancellable).toBe(true);
  });
});
