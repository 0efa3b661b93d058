import { describe, expect, it } from 'vitest';
import { takenBack } from '@/server/orders/credit-note';

const STAY = { text: 'Ubytování', amount: 500_000, vat: { note: 'DPH v ceně hotelu' } };
const INSURANCE = { text: 'Pojištění storna', amount: 150_000, vat: { note: 'osvobozeno' } };
const FEE = { text: 'Servisní poplatek', amount: 34_500, vat: { rate: 2_100 } };

describe('the lines a credit note takes back', () => {
  it('takes back every line of the invoice when everything went back', () => {
    expect(takenBack([STAY, INSURANCE, FEE], 684_500)).toEqual([STAY, INSURANCE, FEE]);
  });

  it('takes back a part line by line in the invoice order, the last one only in part', () => {
    expect(takenBack([STAY, INSURANCE, FEE], 600_000)).toEqual([STAY, { ...INSURANCE, amount: 100_000 }]);
    expect(takenBack([STAY, INSURANCE, FEE], 500_000)).toEqual([STAY]);
    expect(takenBack([STAY, INSURANCE, FEE], 1)).toEqual([{ ...STAY, amount: 1 }]);
  });

  it('takes back nothing for nothing, and never more than the invoice says', () => {
    expect(takenBack([STAY, FEE], 0)).toEqual([]);
    expect(takenBack([STAY, FEE], 10_000_000)).toEqual([STAY, FEE]);
  });
});
