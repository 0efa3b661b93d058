import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import { zbpPayload } from '@/server/payments/transfer/payload';
import { polishTransferTitle, referenceInTitle } from '@/server/payments/transfer/title';

describe('the Polish transfer title', () => {
  it('carries the payment reference after its marker, and nothing Czech', () => {
    expect(polishTransferTitle('1000000043')).toBe('Płatność 1000000043');
    expect(() => polishTransferTitle('VS 1')).toThrow(/digits/);
  });

  it('fits the ZBP code whole, so the QR code carries exactly the title shown', () => {
    const longest = polishTransferTitle('9999999999');
    expect(zbpPayload({ nip: '', nrb: '61109010140000071219812874', amount: 100, recipient: 'X', title: longest }).split('|')[5]).toBe(longest);
  });

  it.each([
    ['Płatność 1000000043', '1000000043'],
    ['PLATNOSC 1000000043', '1000000043'],
    ['płatność:1000000043 zamówienie 2026000043', '1000000043'],
    ['Przelew - Platnosc  1000000043, Anna Kowalska', '1000000043'],
    ['PŁATNOŚĆ 42', '42'],
  ])('finds the reference in "%s"', (title, reference) => {
    expect(referenceInTitle(title)).toBe(reference);
  });

  it.each([
    ['Zamówienie 2026000043'],
    ['VS 1000000043 zam. 2026000043'],
    ['1000000043'],
    ['Objednavka 2026000042'],
    ['Płatność 10000000431'],
    ['Nadpłatność 1000000043'],
    [''],
  ])('finds none in "%s" (a guess could pay the wrong order)', (title) => {
    expect(referenceInTitle(title)).toBeUndefined();
  });
});

describe('the transfer details in the e-mail and on the order page', () => {
  const SHARED = ['recipient', 'account', 'iban', 'variableSymbol', 'title', 'amount', 'due', 'dueValue', 'pairBySymbol', 'pairByTitle'] as const;
  it.each(['cs', 'pl', 'en'] as const)('use the same words in %s', async (locale) => {
    const { email, payment } = await loadMessages(locale);
    for (const key of SHARED) expect(email.transfer[key], key).toBe(payment.transfer[key]);
  });
});
