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

/**
 * 123456 CZK → "1 234,56 Kč" in the locale's conventions: whole amounts without decimals, or
 * always with two where a document lists amounts in a column (`decimals: 'always'`).
 */
export function formatMoney(amount: number, currency: Currency | string, language: string, options: { decimals?: 'always' } = {}): string {
  const whole = amount % 100 === 0 && options.decimals !== 'always';
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

/** Money as protobuf carries it (dzb.v1.Money): whole units and billionths of a unit. */
export interface MoneyParts {
  currencyCode: string;
  units: bigint;
  nanos: number;
}

const NANOS_PER_MINOR = 10_000_000;

/** Minor units → the parts of a proto Money (1234 CZK minor → 12 units, 340 000 000 nanos). */
export function moneyParts(minor: number, currency: string): MoneyParts {
  return { currencyCode: currency, units: BigInt(Math.trunc(minor / 100)), nanos: (minor % 100) * NANOS_PER_MINOR };
}

/**
 * The parts of a proto Money → minor units; undefined for a fraction finer than a minor unit,
 * mixed signs or an amount beyond safe integers (never rounded).
 */
export function minorOfParts({ units, nanos }: { units: bigint; nanos: number }): number | undefined {
  if (nanos % NANOS_PER_MINOR !== 0 || (units > 0n && nanos < 0) || (units < 0n && nanos > 0)) return undefined;
  const minor = units * 100n + BigInt(nanos / NANOS_PER_MINOR);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(minor);
}

/** What people type as an amount ("2 000", "1999,50", "1999.5") in minor units, or undefined. */
export function parseAmount(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
