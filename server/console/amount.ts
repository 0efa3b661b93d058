import type { ConsoleLanguage } from './texts';

/**
 * An amount an operator types in the currency's main unit ("1 234,50", "1234.5", "800"), in
 * minor units; undefined for anything else (a sign, a third decimal, letters). Both currencies
 * the sites sell in have two decimals.
 */
export function parseAmount(typed: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.replace(/[\s\u00a0\u202f]/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as an amount field shows them: "1234,50" in Czech, "1234.50" in English. */
export function amountValue(minor: number, language: ConsoleLanguage): string {
  const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  return language === 'cs' ? text.replace('.', ',') : text;
}
