import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';
import { invoicePdf } from '@/server/notifications/pdf/invoice-pdf';
import { CZECH_INVOICE_TEXT } from '../../support/invoice-text';
import { HAS_PDFTOTEXT, PDFTOTEXT_MISSING, pdfText } from '../../support/pdf-text';

const TEXT = CZECH_INVOICE_TEXT;

/** An invoice whose every amount is long: six-digit whole parts and a fee big enough to match. */
async function invoiceText(currency: string, language: string): Promise<string> {
  const money = (minor: number) => formatMoney(minor, currency, language, { decimals: 'always' });
  const pdf = await invoicePdf({
    author: 'Dovolená za benefity s.r.o.',
    lang: language,
    text: TEXT,
    number: '2026000123',
    issuedAt: new Date('2026-11-22T10:00:00Z'),
    dates: { issued: '22. listopadu 2026', taxPoint: '22. listopadu 2026' },
    supplier: ['Dovolená za benefity s.r.o.'],
    customer: ['Jana Nováková'],
    lines: [
      { text: 'Ubytování: Hotel s dlouhým jménem, který se musí zalomit, dvoulůžkový pokoj', amount: 12_345_678, vat: { note: 'DPH je součástí ceny hotelu.' } },
      { text: 'Servisní poplatek', amount: 728_395, vat: { rate: 2_100 } },
    ],
    payments: [`Edenred Card: ${money(13_074_073)}`],
    money,
    percent: (bp) => `${bp / 100} %`,
  });
  return pdfText(pdf);
}

describe(`invoice layout: amounts never break inside${PDFTOTEXT_MISSING}`, () => {
  it.skipIf(!HAS_PDFTOTEXT).each([
    ['CZK', 'cs', ['123 456,78 Kč', '7 283,95 Kč', '6 019,79 Kč', '1 264,16 Kč', '130 740,73 Kč']],
    ['PLN', 'pl', ['123 456,78 zł', '7283,95 zł', '6019,79 zł', '1264,16 zł', '130 740,73 zł']],
    ['PLN', 'en', ['PLN 123,456.78', 'PLN 7,283.95', 'PLN 6,019.79', 'PLN 1,264.16', 'PLN 130,740.73']],
  ])('%s in %s: every amount whole on its line, the total beside its label', async (currency, language, amounts) => {
    const text = await invoiceText(currency, language);
    for (const amount of amounts) expect(text).toContain(amount);
    expect(text).toMatch(new RegExp(`^\\s*Celkem\\s+${amounts[4]!.replace(/[.]/g, '\\.')}\\s*$`, 'm'));
    // The fee line: rate, base, VAT and amount side by side on the line.
    expect(text).toMatch(new RegExp(`Servisní poplatek\\s+21 %\\s+${amounts[2]}\\s+${amounts[3]}\\s+${amounts[1]}`.replace(/\./g, '\\.')));
  });
});
