/**
 * The VAT arithmetic of an invoice. Our prices include VAT, so the tax is computed from the price
 * with tax, as the Czech VAT act (235/2004 Sb., § 37) allows: VAT = gross × rate / (100 % + rate),
 * rounded half up to a whole minor unit, and the base is what remains. Rates are basis points
 * (2 100 = 21 %); amounts are minor units.
 */

export interface VatSplit {
  base: number;
  vat: number;
}

/** A gross amount (VAT included) split into its tax base and its VAT. */
export function splitGross(gross: number, rate: number): VatSplit {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`not a non-negative integer amount: ${gross}`);
  if (!Number.isSafeInteger(rate) || rate < 0) throw new RangeError(`not a VAT rate in basis points: ${rate}`);
  const divisor = 10_000 + rate;
  // Half up in integers: floor((2·gross·rate + divisor) / (2·divisor)).
  const vat = Math.floor((2 * gross * rate + divisor) / (2 * divisor));
  return { base: gross - vat, vat };
}

export interface VatRateTotal extends VatSplit {
  rate: number;
  gross: number;
}

/**
 * Base, VAT and gross per rate (§ 29: a tax document states them for each rate), summed over
 * the lines as each line shows them, so the summary adds up to what the lines say. Highest rate first.
 */
export function vatByRate(lines: readonly { amount: number; rate: number }[]): VatRateTotal[] {
  const totals = new Map<number, VatRateTotal>();
  for (const line of lines) {
    const { base, vat } = splitGross(line.amount, line.rate);
    const total = totals.get(line.rate) ?? { rate: line.rate, base: 0, vat: 0, gross: 0 };
    totals.set(line.rate, { rate: line.rate, base: total.base + base, vat: total.vat + vat, gross: total.gross + line.amount });
  }
  return [...totals.values()].sort((a, b) => b.rate - a.rate);
}
