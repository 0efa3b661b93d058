import { checkDigits, isValidIban } from './czech-account';

/**
 * Polish account numbers (NRB): 2 check digits + 8-digit settlement number (whose last digit is
 * its own check digit) + 16 digits. The check digits are those of the IBAN "PL" + NRB.
 */
const SETTLEMENT_WEIGHTS = [3, 9, 7, 1, 3, 9, 7];

export function parsePolishAccount(text: string): string {
  const nrb = text.replace(/\s+/g, '');
  if (!/^\d{26}$/.test(nrb)) throw new Error(`not a 26-digit NRB: ${text}`);
  if (!isValidIban(`PL${nrb}`)) throw new Error(`NRB fails the mod-97 check: ${text}`);
  const settlement = nrb.slice(2, 10);
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(settlement[i]) * SETTLEMENT_WEIGHTS[i]!;
  if ((10 - (sum % 10)) % 10 !== Number(settlement[7])) throw new Error(`NRB has a wrong settlement check digit: ${text}`);
  if (checkDigits(nrb.slice(2), 'PL') !== nrb.slice(0, 2)) throw new Error(`NRB check digits do not match: ${text}`);
  return nrb;
}

export function polishIban(nrb: string): string {
  return `PL${nrb}`;
}

/** "61109010140000071219812874" → "61 1090 1014 0000 0712 1981 2874" (how Polish banks print it). */
export function formatNrb(nrb: string): string {
  return `${nrb.slice(0, 2)} ${nrb.slice(2).replace(/(.{4})(?=.)/g, '$1 ')}`;
}
