import { randomInt } from 'node:crypto';

/** A voucher code: 8 digits, uniformly from the CSPRNG (randomInt has no modulo bias). */
export function newVoucherCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}
