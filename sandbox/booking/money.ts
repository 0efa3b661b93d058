/**
 * The simulator's money: integer cents everywhere, one fixed exchange rate per currency from the
 * hotels' base currency (EUR), and decimals only on the wire.
 */
export const CURRENCIES = { EUR: 10_000, CZK: 250_000, PLN: 43_000 } as const;
export type Currency = keyof typeof CURRENCIES;

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(CURRENCIES, value);
}

/** Half-up rounding of a non-negative integer ratio. */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** EUR cents in another currency's minor units (rates are per 10 000 EUR cents). */
export function convert(eurCents: number, currency: Currency): number {
  return divideHalfUp(eurCents * CURRENCIES[currency], CURRENCIES.EUR);
}

/** Applies basis points (10 000 = unchanged) with half-up rounding. */
export function applyBp(amount: number, bp: number): number {
  return divideHalfUp(amount * bp, 10_000);
}

/** Minor units as the Demand API's decimal number with at most two decimals. */
export function decimal(minor: number): number {
  return Number((minor / 100).toFixed(2));
}

/**
 * A preview amount `{accommodation_currency, booker_currency}`. The OpenAPI file declares both
 * exclusiveMinimum 0, so a zero amount (a free cancellation step) is sent as an empty object,
 * which clients read as 0.
 */
export function both(eurMinor: number, bookerMinor: number): { accommodation_currency?: number; booker_currency?: number } {
  if (eurMinor <= 0 && bookerMinor <= 0) return {};
  return { accommodation_currency: decimal(eurMinor), booker_currency: decimal(bookerMinor) };
}
