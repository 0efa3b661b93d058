import { describe, expect, it } from 'vitest';
import { amountToCharge, coveredByVouchers, placedChoice, usableCodes } from '@/components/payment/agreed-terms';
import type { CalculationView } from '@/lib/rpc/views';

const czk = (amount: number) => ({ amount, currency: 'CZK' });
const calculation: CalculationView = {
  invalid: [{ code: '11112222', reason: 'NOT_FOUND' }],
  credit: [{ code: '12345678', available: czk(250_000), willBeUsed: czk(250_000) }],
  unit: [],
  payments: [{ methodId: 'payment_card', value: czk(304_775), covers: czk(304_775), fee: czk(0), bonus: czk(0), bonusPercent: 0 }],
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

  it('asks for no method when the vouchers pay everything, and places the order without one', () => {
    const covered: CalculationView = { ...calculation, payments: [] };
    expect(coveredByVouchers(covered)).toBe(true);
    expect(coveredByVouchers(calculation)).toBe(false);
    expect(coveredByVouchers(undefined)).toBe(false);
    // Nothing used from any voucher (a code refused): still a method to choose.
    expect(coveredByVouchers({ ...covered, credit: [] })).toBe(false);
    const choice = { voucherCodes: ['1234 5678', '11112222'], first: { methodId: 'pluxee_cafeteria', amount: 100_000 }, rest: 'transfer' };
    expect(placedChoice(choice, covered)).toEqual({ voucherCodes: ['1234 5678'], rest: '' });
    expect(placedChoice(choice, calculation)).toEqual({ ...choice, voucherCodes: ['1234 5678'] });
  });
});
