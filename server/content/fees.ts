import type { Partner } from '@/lib/route-params';
import { METHODS } from '../payments/methods';

/**
 * The service fees of a provider's payment methods, from the table pricing charges by, so a
 * partner page can never promise another fee than the order summary shows.
 */
export function partnerFeeBasisPoints(partner: Partner): number[] {
  const fees = Object.values(METHODS).flatMap((method) =>
    method.provider === partner && 'basisPoints' in method.fee ? [method.fee.basisPoints] : [],
  );
  if (fees.length === 0) throw new Error(`no payment method of ${partner} has a fixed fee`);
  return [...new Set(fees)].sort((a, b) => a - b);
}

/** "5,9 %" (cs), "5,9%" (pl), "5.9%" (en); a range when the provider's methods differ. */
export function formatFee(basisPoints: number[], language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const low = (basisPoints[0] ?? 0) / 10_000;
  const high = (basisPoints.at(-1) ?? 0) / 10_000;
  return low === high ? format.format(low) : format.formatRange(low, high);
}
