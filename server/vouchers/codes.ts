import { randomInt } from 'node:crypto';

/** A voucher code: 8 digits, uniformly from the CSPRNG (randomInt has no modulo bias). */
export function newVoucherCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/** What people type ("1234 5678", "1234-5678") as the 8 digits, or undefined if it is not a code. */
export function normalizeVoucherCode(input: string): string | undefined {
  const compact = input.replace(/[\s-]+/g, '');
  return /^\d{8}$/.test(compact) ? compact : undefined;
}
