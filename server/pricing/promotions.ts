import type { MethodId } from '../payments/methods';

/**
 * A dated promotion: bonus credits on the amount paid with one method, within a validity window.
 * Promotions are data; the calculation applies whichever is valid at the injected clock's now.
 */
export interface Promotion {
  id: string;
  method: MethodId;
  bonusBasisPoints: number;
  /** The amount the bonus is computed from is capped at this (minor units). */
  baseCap: number;
  /** The bonus never exceeds this (minor units). */
  maxBonus: number;
  validFrom: Date;
  /** Exclusive end. */
  validUntil: Date;
}

export const PROMOTIONS: readonly Promotion[] = [
  {
    // Edenred 2024: 10 % bonus on what is paid with the Edenred card, from at most 22 000,
    // so at most 2 200 in bonus, until 31 December 2024 (midnight in Prague).
    id: 'edenred-2024',
    method: 'edenred_card',
    bonusBasisPoints: 1_000,
    baseCap: 2_200_000,
    maxBonus: 220_000,
    validFrom: new Date('2024-01-01T00:00:00+01:00'),
    validUntil: new Date('2025-01-01T00:00:00+01:00'),
  },
];

export function activePromotions(promotions: readonly Promotion[], now: Date): Promotion[] {
  return promotions.filter((p) => p.validFrom <= now && now < p.validUntil);
}
