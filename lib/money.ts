import type { Currency } from './variants';

/**
 * Money is integer minor units (haléře, grosze) everywhere; this module holds the one rounding
 * rule (half up, to whole minor units) and the display format. No floats touch an amount.
 */

/** `amount` × basisPoints / 10 000, rounded half up (for amounts ≥ 0). */
export function percentOf(amount: number, basisPoints: number): number {
  assertMinor(amount);
  assertMinor(basisPoints);
  // Integer arithmetic: the product stays far below 2^53 for any real order.
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

export function assertMinor(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a non-negative integer amount: ${value}`);
}

/** Whole units ("1000") to minor units (100 000). */
export function fromUnits(units: number): number {
  assertMinor(units);
  return units * 100;
}

/** 123456 CZK → "1 234,56 Kč" in the locale's conventions (whole amounts without decimals). */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

/** What people type as an amount ("2 000", "1999,50", "1999.5") in minor units, or undefined. */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
