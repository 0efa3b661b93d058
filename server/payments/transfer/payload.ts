/**
 * The texts behind the payment QR codes: the Czech Short Payment Descriptor ("QR Platba") and the
 * Polish ZBP "2D" format. Formats from qr-platba.cz and the ZBP recommendation as implemented by
 * the libraries named in the reference notes; written here because no maintained library gets
 * both right (see ../shared/reference/qr-payments.md).
 */

/** Upper-case ASCII, diacritics stripped, then SPD's escapes (%, *, +), so values stay alphanumeric. */
function spdValue(text: string, max: number): string {
  const ascii = text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toUpperCase();
  let out = '';
  for (const char of ascii) {
    const escaped = char === '%' ? '%25' : char === '*' ? '%2A' : char === '+' ? '%2B' : /[\x20-\x7E]/.test(char) ? char : '';
    // Cut whole escapes only: a split %XX would change the text.
    if (out.length + escaped.length > max) break;
    out += escaped;
  }
  return out;
}

/** "SPD*1.0*ACC:<IBAN>*AM:1250.00*CC:CZK*X-VS:<vs>*MSG:<text>"; no due date (it would schedule). */
export function spdPayload(input: { iban: string; amount: number; currency: 'CZK'; variableSymbol: string; message: string }): string {
  if (!/^\d{1,10}$/.test(input.variableSymbol)) throw new Error(`variable symbol must be 1–10 digits: ${input.variableSymbol}`);
  const amount = `${Math.floor(input.amount / 100)}.${String(input.amount % 100).padStart(2, '0')}`;
  return [
    'SPD*1.0',
    `ACC:${input.iban}`,
    `AM:${amount}`,
    `CC:${input.currency}`,
    `X-VS:${input.variableSymbol}`,
    `MSG:${spdValue(input.message, 60)}`,
  ].join('*');
}

const POLISH_LETTERS = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ';

/** ZBP text fields: letters (Polish ones kept, other accents stripped), digits and a few signs. */
function zbpValue(text: string, max: number): string {
  return [...text.normalize('NFC')]
    .map((c) => (POLISH_LETTERS.includes(c) ? c : c.normalize('NFD').replace(/\p{Diacritic}/gu, '')))
    .join('')
    .replace(/[^\p{L}\d ,./\\\-@#&*_]/gu, '')
    .slice(0, max);
}

/** The largest amount the ZBP code's 6-digit field holds: 9 999,99 zł. */
export const ZBP_MAX_AMOUNT = 999_999;

/**
 * "NIP|PL|NRB|amount in grosze (6 digits)|name|title|||". Above 9 999,99 zł the format has no
 * agreed way to carry the amount, so the code leaves it to the payer ("000000", which the
 * recommendation defines as "the payer types the amount"; the page and the e-mail say so beside
 * the code) rather than emitting a field banks may misread.
 */
export function zbpPayload(input: { nip: string; nrb: string; amount: number; recipient: string; title: string }): string {
  const amount = input.amount <= ZBP_MAX_AMOUNT ? String(input.amount).padStart(6, '0') : '000000';
  return [input.nip, 'PL', input.nrb, amount, zbpValue(input.recipient, 20), zbpValue(input.title, 32), '', '', ''].join('|');
}
