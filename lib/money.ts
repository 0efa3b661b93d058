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

const NBSP = '\u00a0';

/**
 * How the site's languages write amounts of the site's currencies (CLDR, exactly as
 * Intl.NumberFormat writes them; tests/unit/money-format.test.ts compares the two). Written out
 * because a page's first Intl formatter costs the browser tens of milliseconds of start-up work
 * while the page hydrates (measured on the reservation page), and the order forms show amounts
 * from their first render. Polish leaves four-digit numbers ungrouped (minimum grouping 2).
 */
interface NumberStyle {
  group: string;
  decimal: string;
  minimumGrouping: number;
  symbols: Record<Currency, string>;
  symbolFirst: boolean;
}
const STYLES: Partial<Record<string, NumberStyle>> = {
  cs: { group: NBSP, decimal: ',', minimumGrouping: 1, symbols: { CZK: 'Kč', PLN: 'PLN' }, symbolFirst: false },
  pl: { group: NBSP, decimal: ',', minimumGrouping: 2, symbols: { CZK: 'CZK', PLN: 'zł' }, symbolFirst: false },
  en: { group: ',', decimal: '.', minimumGrouping: 1, symbols: { CZK: 'CZK', PLN: 'PLN' }, symbolFirst: true },
};

/** Whole and hundredths of a non-negative integer count of hundredths, in a language's style ("1 234,5" for 123450 in Czech). */
function formatHundredths(hundredths: number, style: NumberStyle, fraction: 'two' | 'trimmed' | 'none'): string {
  const cents = hundredths % 100;
  let digits = String((hundredths - cents) / 100);
  if (digits.length >= 3 + style.minimumGrouping) {
    const groups: string[] = [];
    for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
    digits = groups.join(style.group);
  }
  if (fraction === 'none') return digits;
  const decimals = String(cents).padStart(2, '0');
  const shown = fraction === 'two' ? decimals : decimals.replace(/0+$/, '');
  return shown ? `${digits}${style.decimal}${shown}` : digits;
}

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * 123456 CZK → "1 234,56 Kč" in the locale's conventions: whole amounts without decimals, or
 * always with two where a document lists amounts in a column (`decimals: 'always'`).
 */
export function formatMoney(amount: number, currency: Currency | string, language: string, options: { decimals?: 'always' } = {}): string {
  const whole = amount % 100 === 0 && options.decimals !== 'always';
  const style = STYLES[language];
  const symbol = style?.symbols[currency as Currency];
  if (style && symbol && isCount(amount)) {
    const number = formatHundredths(amount, style, whole ? 'none' : 'two');
    return style.symbolFirst ? `${symbol}${NBSP}${number}` : `${number}${NBSP}${symbol}`;
  }
  // Other languages, currencies or negative amounts (none of the site's pages show such).
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

/** A share in basis points as the number of its percentage (250 → "2,5" in Czech), as `toLocaleString` writes it. */
export function formatBasisPoints(basisPoints: number, language: string): string {
  const style = STYLES[language];
  return style && isCount(basisPoints) ? formatHundredths(basisPoints, style, 'trimmed') : (basisPoints / 100).toLocaleString(language);
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
