/**
 * Czech domestic account numbers ("[prefix-]number/bank") checked with the mod-11 weights of ČNB
 * decree 169/2011 and turned into the IBAN exactly (mod-97 check digits).
 */
const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

export interface CzechAccount {
  prefix: string;
  number: string;
  bank: string;
}

export function parseCzechAccount(text: string): CzechAccount {
  const match = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(text.trim());
  if (!match) throw new Error(`not a Czech account number: ${text}`);
  const [, prefix = '', number = '', bank = ''] = match;
  if (!passesMod11(prefix) || !passesMod11(number)) throw new Error(`account number fails the mod-11 check: ${text}`);
  if (number.replace(/0/g, '').length < 2) throw new Error(`account number needs two non-zero digits: ${text}`);
  return { prefix, number, bank };
}

function passesMod11(part: string): boolean {
  const digits = part.padStart(10, '0');
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return sum % 11 === 0;
}

export function czechIban({ prefix, number, bank }: CzechAccount): string {
  const bban = bank + prefix.padStart(6, '0') + number.padStart(10, '0');
  return `CZ${checkDigits(bban, 'CZ')}${bban}`;
}

export function formatCzechAccount({ prefix, number, bank }: CzechAccount): string {
  return `${prefix ? `${prefix}-` : ''}${number}/${bank}`;
}

/** IBAN check digits: 98 − (BBAN + country + "00") mod 97, letters as 10..35. */
export function checkDigits(bban: string, country: string): string {
  const remainder = mod97(bban + lettersToDigits(country) + '00');
  return String(98 - remainder).padStart(2, '0');
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(lettersToDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/** "CZ6508000000192000145399" → "CZ65 0800 0000 1920 0014 5399". */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

function lettersToDigits(text: string): string {
  return [...text].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

/** Digit by digit, so no big integers are needed. */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}
