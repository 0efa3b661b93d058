import { describe, expect, it } from 'vitest';
import { cancellability, cancellationFee, cancellationKind, checkInStarts } from '@/server/orders/hotel/deadlines';

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
  // The rooms cost 100 000; the customer paid 106 900 with the service fee.
  const input = { kind: 'booked' as const, schedules, roomsPrice: 100_000, paid: 106_900, checkIn: '2026-12-10' };

  it('adds the step in force for every room', () => {
    expect(cancellationFee(schedules, new Date('2026-11-30T23:59:59Z'))).toBe(0);
    expect(cancellationFee(schedules, new Date('2026-12-01T00:00:00Z'))).toBe(70_000);
  });

  it('returns everything paid, service fee included, as a voucher before the deadline', () => {
    expect(cancellability(input, new Date('2026-11-25T10:00:00Z'))).toEqual({ cancellable: true, kind: 'booked', paid: 106_900, fee: 0, voucherValue: 106_900 });
  });

  it('deducts the fee in force after the deadline', () => {
    expect(cancellability(input, new Date('2026-12-05T10:00:00Z'))).toEqual({ cancellable: true, kind: 'booked', paid: 106_900, fee: 70_000, voucherValue: 36_900 });
  });

  it('still lets a non-refundable stay be cancelled, for whatever exceeds the rooms’ price', () => {
    const nonRefundable = [[{ from: 'now' as const, fee: 100_000 }]];
    expect(cancellability({ ...input, schedules: nonRefundable }, new Date('2026-11-25T10:00:00Z'))).toMatchObject({ cancellable: true, fee: 100_000, voucherValue: 6_900 });
    expect(cancellability({ ...input, schedules: nonRefundable, paid: 100_000 }, new Date('2026-11-25T10:00:00Z'))).toMatchObject({ cancellable: true, voucherValue: 0 });
  });

  it('closes a booked stay when its check-in day starts in Prague', () => {
    expect(cancellability(input, new Date('2026-12-09T23:00:00Z')).cancellable).toBe(false);
    expect(cancellability(input, new Date('2026-12-09T22:59:59Z')).cancellable).toBe(true);
  });

  it('cancels an unpaid order without a fee, whatever its rate, into a voucher for the part paid', () => {
    const nonRefundable = [[{ from: 'now' as const, fee: 100_000 }]];
    expect(cancellability({ ...input, kind: 'unpaid', schedules: nonRefundable, paid: 40_000 }, new Date('2026-12-05T10:00:00Z'))).toEqual({
      cancellable: true,
      kind: 'unpaid',
      paid: 40_000,
      fee: 0,
      voucherValue: 40_000,
    });
    expect(cancellability({ ...input, kind: undefined }, new Date('2026-11-25T10:00:00Z')).cancellable).toBe(false);
  });
});

describe('which cancellation an order is open to', () => {
  const open = { bookingStatus: 'ACTIVE' as const, cancelRequestedAt: null };
  it.each([
    ['WAITING', 'NOT_ORDERED', 'unpaid'],
    ['PARTIALLY_PAID', 'NOT_ORDERED', 'unpaid'],
    ['PAID', 'ACTIVE', 'booked'],
    ['PAID', 'PENDING', undefined],
    ['PAID', 'ERROR', undefined],
    ['CANCELLED_BY_USER', 'CANCELLED', undefined],
    ['CANCELLED_AUTOMATICALLY', 'NOT_ORDERED', undefined],
  ] as const)('%s with booking %s: %s', (status, bookingStatus, kind) => {
    expect(cancellationKind(status, { ...open, bookingStatus })).toBe(kind);
  });

  it('none once a cancellation was asked for', () => {
    expect(cancellationKind('PAID', { ...open, cancelRequestedAt: new Date() })).toBeUndefined();
  });
});
