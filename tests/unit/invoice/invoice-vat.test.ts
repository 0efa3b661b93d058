import { describe, expect, it } from 'vitest';
import { splitGross, vatByRate } from '@/server/notifications/pdf/invoice-vat';

describe('VAT of an invoice line (prices include VAT)', () => {
  it.each([
    // 121,00 at 21 %: 100,00 + 21,00.
    [12_100, 2_100, { base: 10_000, vat: 2_100 }],
    // 5 058,14 at 21 %: VAT 877,859… → 877,86, base 4 180,28.
    [505_814, 2_100, { base: 418_028, vat: 87_786 }],
    [0, 2_100, { base: 0, vat: 0 }],
    [12_345_678, 0, { base: 12_345_678, vat: 0 }],
    [11_500, 1_500, { base: 10_000, vat: 1_500 }],
  ])('%i at %i bp splits into %o', (gross, rate, split) => {
    expect(splitGross(gross, rate)).toEqual(split);
  });

  it('rounds the VAT half up and never loses a minor unit', () => {
    for (let gross = 0; gross < 5_000; gross += 1) {
      const { base, vat } = splitGross(gross, 2_100);
      expect(base + vat).toBe(gross);
      const exact = (gross * 2_100) / 12_100;
      expect(vat).toBe(Math.floor(exact + 0.5));
    }
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => splitGross(10.5, 2_100)).toThrow(RangeError);
    expect(() => splitGross(-1, 2_100)).toThrow(RangeError);
    expect(() => splitGross(100, -1)).toThrow(RangeError);
  });

  it('sums base and VAT per rate as the lines show them, highest rate first', () => {
    expect(
      vatByRate([
        { amount: 12_100, rate: 2_100 },
        { amount: 1_150, rate: 1_500 },
        { amount: 505_814, rate: 2_100 },
      ]),
    ).toEqual([
      { rate: 2_100, base: 10_000 + 418_028, vat: 2_100 + 87_786, gross: 12_100 + 505_814 },
      { rate: 1_500, base: 1_000, vat: 150, gross: 1_150 },
    ]);
    expect(vatByRate([])).toEqual([]);
  });
});
