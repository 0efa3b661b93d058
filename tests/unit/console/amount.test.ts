import { describe, expect, it } from 'vitest';
import { amountValue, parseAmount } from '@/server/console/amount';

describe('an amount an operator types', () => {
  it.each([
    ['800', 80_000],
    ['250,50', 25_050],
    ['250.5', 25_050],
    ['1 234,05', 123_405],
    ['1\u00a0234', 123_400],
    ['0', 0],
  ])('reads %j as %d minor units', (typed, minor) => {
    expect(parseAmount(typed)).toBe(minor);
  });

  it.each(['', '-5', '12,345', 'ten', '1e3', '1.234,50', '10,', ',5', '9999999999'])('refuses %j', (typed) => {
    expect(parseAmount(typed)).toBeUndefined();
  });

  it('writes minor units back in the console language', () => {
    expect([amountValue(123_405, 'cs'), amountValue(5, 'en')]).toEqual(['1234,05', '0.05']);
  });
});
