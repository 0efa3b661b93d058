import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatMoney } from '@/lib/money';

/**
 * lib/money.ts writes the site's amounts out by hand (a page's first Intl formatter is costly in
 * the browser); here it must match Intl.NumberFormat character for character (non-breaking
 * spaces, Polish four-digit numbers ungrouped, the English currency code in front).
 */
const intlMoney = (amount: number, currency: string, language: string, always = false) =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: amount % 100 === 0 && !always ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);

const AMOUNTS = [0, 1, 5, 10, 99, 100, 101, 950, 999_99, 1000_00, 1234_56, 9999_99, 10_000_00, 12_345_67, 99_999_99, 100_000_00, 123_456_78, 1_000_000_00, 123_456_789_01, 1_000_000_000_00];

describe('formatMoney', () => {
  for (const language of ['cs', 'pl', 'en']) {
    for (const currency of ['CZK', 'PLN']) {
      it(`writes ${currency} in ${language} as Intl does`, () => {
        for (const amount of AMOUNTS) {
          expect(formatMoney(amount, currency, language), `${amount}`).toBe(intlMoney(amount, currency, language));
          expect(formatMoney(amount, currency, language, { decimals: 'always' }), `${amount}, always`).toBe(intlMoney(amount, currency, language, true));
        }
      });
    }
  }

  it('writes the amounts the site shows in each language', () => {
    expect(formatMoney(123456, 'CZK', 'cs')).toBe('1\u00a0234,56\u00a0Kč');
    expect(formatMoney(123400, 'PLN', 'pl')).toBe('1234\u00a0zł');
    expect(formatMoney(1234500, 'PLN', 'pl')).toBe('12\u00a0345\u00a0zł');
    expect(formatMoney(100, 'CZK', 'en', { decimals: 'always' })).toBe('CZK\u00a01.00');
  });

  it('leaves other languages, currencies and negative amounts to Intl', () => {
    expect(formatMoney(123456, 'EUR', 'de')).toBe(intlMoney(123456, 'EUR', 'de'));
    expect(formatMoney(123456, 'EUR', 'cs')).toBe(intlMoney(123456, 'EUR', 'cs'));
    expect(formatMoney(-123456, 'CZK', 'cs')).toBe(intlMoney(-123456, 'CZK', 'cs'));
  });
});

describe('formatBasisPoints', () => {
  it('writes a percentage as toLocaleString does', () => {
    for (const language of ['cs', 'pl', 'en', 'de']) {
      for (const basisPoints of [0, 1, 5, 10, 50, 99, 100, 150, 250, 1000, 1234, 9999, 100_000, 123_456, 1_000_000]) {
        expect(formatBasisPoints(basisPoints, language), `${basisPoints} in ${language}`).toBe((basisPoints / 100).toLocaleString(language));
      }
    }
  });
});
