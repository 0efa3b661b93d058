import { describe, expect, it } from 'vitest';
import { paidSoFar, settleCancellation } from '@/server/orders/hotel/compensation';

describe('what a cancellation gives back (cancellation policy §3, §6, §7)', () => {
  it('counts every paid payment whole, the voucher part included, and nothing else', () => {
    // 5 907,29 Kč by Up card (381,29 Kč of it service fee) and 400 Kč by voucher.
    const payments = [
      { status: 'PAID' as const, amount: 590_729, refundedAmount: 0 },
      { status: 'PAID' as const, amount: 40_000, refundedAmount: 0 },
      { status: 'CANCELLED' as const, amount: 12_345, refundedAmount: 0 },
      { status: 'WAITING' as const, amount: 10_000, refundedAmount: 0 },
      { status: 'REFUNDED' as const, amount: 20_000, refundedAmount: 20_000 },
    ];
    expect(paidSoFar(payments)).toBe(630_729);
    expect(paidSoFar([])).toBe(0);
  });

  it('gives everything paid minus the fee: the service fee is not kept', () => {
    expect(settleCancellation({ paid: 630_729, booking: { roomsPrice: 552_600, scheduleFee: 0 } })).toEqual({ paid: 630_729, fee: 0, voucherValue: 630_729 });
    expect(settleCancellation({ paid: 630_729, booking: { roomsPrice: 552_600, scheduleFee: 100_000 } })).toEqual({ paid: 630_729, fee: 100_000, voucherValue: 530_729 });
  });

  it('charges at most the rooms’ price: a non-refundable rate costs the whole accommodation', () => {
    expect(settleCancellation({ paid: 630_729, booking: { roomsPrice: 552_600, scheduleFee: 900_000 } })).toEqual({ paid: 630_729, fee: 552_600, voucherValue: 78_129 });
  });

  it('issues no voucher when the fee reaches what was paid', () => {
    expect(settleCancellation({ paid: 552_600, booking: { roomsPrice: 552_600, scheduleFee: 552_600 } }).voucherValue).toBe(0);
    expect(settleCancellation({ paid: 300_000, booking: { roomsPrice: 552_600, scheduleFee: 552_600 } })).toEqual({ paid: 300_000, fee: 552_600, voucherValue: 0 });
  });

  it('charges nothing for an order never booked: the part paid comes back whole', () => {
    expect(settleCancellation({ paid: 250_000 })).toEqual({ paid: 250_000, fee: 0, voucherValue: 250_000 });
    expect(settleCancellation({ paid: 0 })).toEqual({ paid: 0, fee: 0, voucherValue: 0 });
  });
});
