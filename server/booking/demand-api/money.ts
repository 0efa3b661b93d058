/**
 * Demand API 3.1 prices are decimal numbers with two decimals. They become integer minor units
 * here, at the edge, and nowhere else: rounding the scaled value is exact for every amount with at
 * most two decimals below 10^13.
 */
export function minor(value: number | null | undefined): number {
  return value === null || value === undefined ? 0 : Math.round(value * 100);
}
