/**
 * The Polish transfer title (tytuł przelewu). Polish transfers have no variable-symbol field: the
 * payment reference travels in the title, so the title is what the payer must copy and what the
 * bank statement gives back. It is written once here and shown unchanged on the order page, in the
 * QR code and in the e-mail; it fits the ZBP code's 32 characters, so the QR carries it whole.
 *
 * It holds one number, the payment's reference, after a word that marks it: a title is free text,
 * and the payer may add their own numbers (the order number is 10 digits too), so only the number
 * after the marker pairs, never a bare number that merely looks like a reference.
 */
const MARKER = 'Płatność';

export function polishTransferTitle(reference: string): string {
  if (!/^\d{1,10}$/.test(reference)) throw new Error(`a payment reference is 1–10 digits: ${reference}`);
  return `${MARKER} ${reference}`;
}

/**
 * The payment reference in a title as the bank reports it, or undefined. Banks and payers change
 * case, drop Polish letters ("PLATNOSC") and spaces, and add text around it; all of that still pairs.
 */
export function referenceInTitle(title: string): string | undefined {
  const plain = title.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/ł/gi, 'l').toLowerCase();
  return /(?:^|[^\p{L}])platnosc\s*[:.,-]?\s*(\d{1,10})(?!\d)/u.exec(plain)?.[1];
}
