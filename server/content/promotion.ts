import { formatMoney } from '@/lib/money';
import type { Language } from '@/lib/variants';
import { PROMOTIONS, type Promotion } from '../pricing/promotions';
import { formatInstantDate } from './dates';

/** The promotion the Edenred 2024 page describes: the very record the pricing applied. */
export function edenred2024(): Promotion {
  const promotion = PROMOTIONS.find((p) => p.id === 'edenred-2024');
  if (!promotion) throw new Error('the edenred-2024 promotion is missing from server/pricing/promotions.ts');
  return promotion;
}

/**
 * The placeholders of content/pages/{lang}/edenred-2024.md. The promotion ran on the Czech site,
 * so its amounts are in koruna on every site.
 */
export function promotionValues(promotion: Promotion, language: Language): Record<string, string> {
  // validUntil is an exclusive instant (midnight); people are told the last day it still applied.
  const lastDay = new Date(promotion.validUntil.getTime() - 1);
  return {
    bonusPercent: new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
      promotion.bonusBasisPoints / 10_000,
    ),
    baseCap: formatMoney(promotion.baseCap, 'CZK', language),
    maxBonus: new Intl.NumberFormat(language).format(promotion.maxBonus / 100),
    endDate: formatInstantDate(lastDay, language),
  };
}
