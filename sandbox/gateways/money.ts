import { LOCALE, type PageLanguage } from './texts';

/**
 * Minor units (hundredths) as the payer reads them, e.g. 1 234,50 Kč. The amount reaches Intl as
 * a decimal string built with integer arithmetic, so no binary fraction is ever rounded.
 */
export function formatMoney(minor: number, currency: string, language: PageLanguage): string {
  const whole = Math.trunc(Math.abs(minor) / 100);
  const cents = Math.abs(minor) % 100;
  const decimal = `${minor < 0 ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}` as `${number}`;
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency }).format(decimal);
}

/** "1234.5" or "1234,50" → 123450; undefined unless it is a positive amount with ≤ 2 decimals. */
export function parseMoney(text: string): number | undefined {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : undefined;
}
