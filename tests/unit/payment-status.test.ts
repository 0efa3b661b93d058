import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '@/server/db/schema/payments';
import { canMove, PAYMENT_TRANSITIONS, paymentsState } from '@/server/payments/status';

/** Every combination of statuses for up to three payments. */
function combinations(size: number): PaymentStatus[][] {
  if (size === 0) return [[]];
  return combinations(size - 1).flatMap((rest) => PAYMENT_STATUSES.map((status) => [status, ...rest]));
}
const ALL = [1, 2, 3].flatMap(combinations);

describe('payment state machine', () => {
  it.each(PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s',
    (from, to) => {
      const allowed = (from === 'WAITING' && to !== 'WAITING' && to !== 'REFUNDED') || (from === 'PAID' && to === 'REFUNDED');
      expect(canMove(from, to)).toBe(allowed);
    },
  );

  it('never returns to WAITING and ends in terminal states', () => {
    for (const targets of Object.values(PAYMENT_TRANSITIONS)) expect(targets).not.toContain('WAITING');
    expect(PAYMENT_TRANSITIONS.REFUNDED).toEqual([]);
  });
});

describe('the owner status rule', () => {
  it(`is total over all ${ALL.length} combinations of up to three payments`, () => {
    for (const statuses of ALL) {
      const state = paymentsState(statuses);
      const paid = statuses.filter((s) => s === 'PAID').length;
      const refunded = statuses.filter((s) => s === 'REFUNDED').length;
      const waiting = statuses.filter((s) => s === 'WAITING').length;
      const label = statuses.join(',');
      if (paid === statuses.length) expect(state, label).toBe('PAID');
      else if (refunded > 0 && paid === 0 && waiting === 0) expect(state, label).toBe('REFUNDED');
      else if (paid + refunded > 0) expect(state, label).toBe('PARTIALLY_PAID');
      else expect(state, label).toBe('WAITING');
    }
  });

  it('treats an order paid wholly by vouchers (no payments) as paid', () => {
    expect(paymentsState([])).toBe('PAID');
  });

  it('is not affected by the order of the payments', () => {
    for (const statuses of ALL) expect(paymentsState([...statuses].reverse())).toBe(paymentsState(statuses));
  });
});
