import { describe, expect, it } from 'vitest';
import { amountToCharge, usableCodes } from '@/components/payment/agreed-terms';
import type { CalculationView } from '@/lib/rpc/views';

const czk = (amount: number) => ({ amount, currency: 'CZK' });
const calculation: CalculationView = {
  invalid: [{ code: '11112222', reason: 'NOT_FOUND' }],
  credit: [{ code: '12345678', available: czk(250_000), willBeUsed: czk(250_000) }],
  unit: [],
  payments: [{ methodId: 'payment_card', value: czk(304_775), bonus: czk(0), bonusPercent: 0 }],
};

describe('the terms an order is placed on', () => {
  it('charges the methods the total less what vouchers pay, as the pricing split it', () => {
    expect(amountToCharge({ total: czk(554_775) }, calculation)).toBe(304_775);
    expect(amountToCharge({ total: czk(554_775) }, { ...calculation, payments: [] })).toBe(304_775);
    expect(amountToCharge({ total: czk(100_000) }, undefined)).toBe(100_000);
  });

  it('sends only the codes the pricing accepted, however they were typed', () => {
    expect(usableCodes(['1234 5678', '1111-2222', '99999999'], calculation)).toEqual(['1234 5678']);
    expect(usableCodes(['12345678'], undefined)).toEqual([]);
  });
});
