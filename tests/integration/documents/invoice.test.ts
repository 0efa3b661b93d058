import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '@/server/db/schema/payments';
import { vouchers } from '@/server/db/schema/vouchers';
import { issuePurchasedVoucher } from '@/server/orders/voucher/issue';
import { importBankTransfers } from '@/server/payments/bank-import';
import { HAS_PDFTOTEXT, PDFTOTEXT_MISSING } from '../../support/pdf-text';
import { payByCard } from '../hotel-orders/cancellation-support';
import { databaseKinds } from '../support/databases';
import { giveVoucher } from '../support/vouchers';
import { CZECH, CZK, openShop, type Shop } from '../support/shop';
import { book, CZECH_COMPANY, escape, invoiceText, type Language, money, orderRow, orderStay, POLISH_COMPANY, supplierColumn, vat21 } from './invoice-support';

/** What a Polish or English invoice must not contain: Czech words (the operator's name and street aside). */
const CZECH_WORDS = /[ěřůĚŘŮ]|Zapsan|obchodním|rejstřík|vedená|Dodavatel|Odběratel|Položka|Sazba|Základ|\bDPH\b|Česk|přijato|Ubytování|Pojištění|Celkem|Uhrazeno/;

/** Each case places, pays and books a real order on a real database, beside other test files. */
const SLOW = 90_000;

/** The text with its line breaks gone, for a sentence that wraps within its column. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** A line of its own: the label, then the amounts, nothing else (pdftotext keeps a printed line on one text line). */
const row = (label: string, ...amounts: string[]) => new RegExp(`^\\s*${escape(label)}${amounts.map((a) => `\\s+${escape(a)}`).join('')}\\s*$`, 'm');

/**
 * A fee's row as pdftotext lays it out: the label's cell and the amounts' cells of the line that
 * starts with `start`, and the label's rest when it wraps onto the next line (a line of one cell).
 */
function feeRow(text: string, start: string): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.trimStart().startsWith(start));
  if (at < 0) return [];
  const cells = lines[at]!.trim().split(/\s{2,}/);
  const next = lines[at + 1]?.trim() ?? '';
  const wrapped = next !== '' && !/\s{2,}/.test(next);
  return [wrapped ? `${cells[0]} ${next}` : cells[0]!, ...cells.slice(1)];
}

/**
 * The invoice of a paid order, fetched the way the e-mailed link fetches it and read with
 * pdftotext: a Czech tax document (§ 29 of act 235/2004 Sb.) in the order's language, with the
 * supplier's Czech identifiers named as Czech ones and a Polish buyer's as Polish ones.
 */
describe.skipIf(!HAS_PDFTOTEXT).each(databaseKinds())(`the invoice as the site serves it, on %s${PDFTOTEXT_MISSING}`, (kind) => {
  let shop: Shop;
  beforeEach(async () => {
    // A card fee, so that card-paid orders have a line with VAT.
    shop = await openShop(kind, { FEE_PAYMENT_CARD: '1.5' });
  });
  afterEach(() => shop.close());

  const paymentsOf = (orderId: string) => shop.handle.db.select().from(payments).where(and(eq(payments.ownerId, orderId), isNull(payments.replacedBy)));

  /** The ČSOB simulator's card page of a payment, where the payer reads what the payment is for. */
  const cardPage = async (gatewayPaymentId: string) => (await fetch(`${shop.sandbox.url}/sandbox/gateways/csob/pay/${encodeURIComponent(gatewayPaymentId)}`)).text();

  it('Czech hotel order for a Czech company, paid in three parts on two days: the fee’s day is the date of taxable supply', async () => {
    const voucher = await giveVoucher(shop, 50_000);
    const { orderId, number, hotelName } = await orderStay(
      shop,
      'cs',
      { voucherCodes: [voucher.code], payments: [{ methodId: { id: 'edenred_card' }, value: CZK(1000) }], lastPayment: { methodId: { id: 'transfer' } } },
      CZECH_COMPANY,
    );
    const parts = await paymentsOf(orderId);
    const card = parts.find((p) => p.methodId === 'edenred_card');
    const transfer = parts.find((p) => p.methodId === 'transfer');
    // The 1 000 Kč paid by Edenred Card include its 5.9 % fee; the voucher and the transfer have none.
    expect(parts.find((p) => p.methodId === 'voucher')).toMatchObject({ amount: 50_000, fee: 0 });
    expect(card!.amount).toBe(100_000);
    expect(card!.fee).toBe(5_571);
    expect(transfer!.fee).toBe(0);
    expect(await cardPage(card!.gatewayPaymentId!)).toContain(`Obj. ${number}`);
    await payByCard(shop, card!);
    // The rest arrives by bank transfer two days later.
    shop.ctx.setNow(new Date('2026-11-24T09:00:00Z'));
    await shop.transfer(transfer!.variableSymbol!, transfer!.amount);
    expect(await importBankTransfers(shop.ctx.services)).toBe(1);
    await book(shop, orderId);
    const order = await orderRow(shop, orderId);
    expect(order.status).toBe('PAID');

    const text = await invoiceText(shop, 'cs', orderId);
    expect(text).toMatch(new RegExp(`^Faktura – daňový doklad č\\. ${number}$`, 'm'));
    expect(text).toMatch(/^Datum vystavení: 24\. listopadu 2026$/m);
    // Only the card payment carries a fee (our taxable supply), received on the 22nd.
    expect(text).toMatch(/^Datum uskutečnění zdanitelného plnění: 22\. listopadu 2026$/m);
    expect(supplierColumn(text, 'Dodavatel', 'Odběratel')).toEqual([
      'Dovolená za benefity s.r.o.',
      'Vodičkova 710/31',
      '110 00 Praha 1',
      'Česko',
      'IČO: 21873212',
      'DIČ: CZ21873212',
      'Zapsaná v obchodním rejstříku vedeném',
      'Městským soudem v Praze, oddíl C, vložka',
      '412867',
    ]);
    for (const line of ['Jana Nováková', 'Na Poříčí 1040/10', '110 00 Praha', 'IČO: 27074358', 'DIČ: CZ27074358', 'jana.novakova@example.cz']) {
      expect(text).toMatch(new RegExp(`\\s{2}${escape(line)}$`, 'm'));
    }

    expect(text).toContain(`Ubytování: ${hotelName}`);
    expect(oneLine(text)).toContain('Ubytování zajištěné pro zákazníka; DPH je součástí ceny hotelu.');
    expect(text).toMatch(row('Pojištění storna', '–', money(150_000, 'cs'), '–', money(150_000, 'cs')));
    expect(text).toContain('Pojištění je osvobozeno od DPH.');
    const fee = vat21(5_571);
    expect(feeRow(text, 'Servisní poplatek')).toEqual([`Servisní poplatek 5,9 % z ${money(card!.covers, 'cs')} (Edenred Card)`, '21 %', money(fee.base, 'cs'), money(fee.vat, 'cs'), '55,71 Kč']);
    expect(text).toMatch(row('Celkem', money(order.total, 'cs')));
    expect(text).toMatch(/^\s*Rekapitulace DPH\s+Sazba\s+Základ\s+DPH\s+Částka\s*$/m);
    expect(text).toMatch(row('21 %', money(fee.base, 'cs'), money(fee.vat, 'cs'), '55,71 Kč'));
    expect(text).toMatch(/^Edenred Card: 1 000,00 Kč, přijato 22\. listopadu 2026$/m);
    // The voucher's value, held since the order was placed, is taken once the order is paid in full.
    expect(text).toMatch(new RegExp(`^Dárkový poukaz ${voucher.code}: 500,00 Kč, přijato 24\\. listopadu 2026$`, 'm'));
    expect(text).toContain(`Bankovní převod: ${money(transfer!.amount, 'cs')}, přijato 24. listopadu 2026`);
  }, SLOW);

  it.each([
    [
      'pl',
      {
        title: 'Faktura nr',
        issued: 'Data wystawienia: 22 listopada 2026',
        taxPoint: 'Data wykonania usługi lub otrzymania zapłaty: 22 listopada 2026',
        headings: ['Sprzedawca', 'Nabywca'],
        supplier: ['Czechy', 'IČO (numer identyfikacyjny firmy): 21873212', 'DIČ (numer VAT UE): CZ21873212'],
        registration: ['Wpisana do rejestru handlowego', 'prowadzonego przez Sąd Miejski w Pradze,', 'sekcja C, wkładka 412867'],
        customer: ['Anna Kowalska', 'ul. Długa 5', '31-147 Kraków', 'Polska', 'REGON: 123456785', 'NIP: 5260250274', 'anna.kowalska@example.pl'],
        cardName: 'Zam.',
        accommodation: 'Nocleg: ',
        insurance: 'Ubezpieczenie od anulowania',
        fee: 'Opłata serwisowa 1,5% od {covers} (Karta płatnicza)',
        rate: '21%',
        total: 'Razem',
        summary: /^\s*Podsumowanie VAT\s+Stawka\s+Netto\s+VAT\s+Kwota\s*$/m,
        paid: 'Karta płatnicza: {amount}, otrzymano 22 listopada 2026',
      },
    ],
    [
      'en',
      {
        title: 'Invoice No.',
        issued: 'Date of issue: November 22, 2026',
        taxPoint: 'Date of taxable supply: November 22, 2026',
        headings: ['Supplier', 'Customer'],
        supplier: ['Czechia', 'Company ID (IČO): 21873212', 'VAT ID (DIČ): CZ21873212'],
        registration: ['Registered in the Commercial Register kept by', 'the Municipal Court in Prague, Section C,', 'Insert 412867'],
        customer: ['Anna Kowalska', 'ul. Długa 5', '31-147 Kraków', 'Poland', 'Business ID (REGON): 123456785', 'Tax ID (NIP): 5260250274', 'anna.kowalska@example.pl'],
        cardName: 'Order',
        accommodation: 'Accommodation: ',
        insurance: 'Cancellation insurance',
        fee: 'Service fee 1.5% of {covers} (Payment card)',
        rate: '21%',
        total: 'Total',
        summary: /^\s*VAT summary\s+VAT\s+Base\s+VAT\s+Amount\s*$/m,
        paid: 'Payment card: {amount}, received November 22, 2026',
      },
    ],
  ] as const)('Polish hotel order for a Polish company, in %s: Czech ids named as Czech, Polish ids as Polish, no Czech sentence', async (language: Language, expected) => {
    const { orderId, number } = await orderStay(shop, language, { lastPayment: { methodId: { id: 'payment_card' } } }, POLISH_COMPANY);
    const [card] = await paymentsOf(orderId);
    expect(await cardPage(card!.gatewayPaymentId!)).toContain(`${expected.cardName} ${number}`);
    await payByCard(shop, card!);
    await book(shop, orderId);
    const order = await orderRow(shop, orderId);
    expect(order.status).toBe('PAID');

    const text = await invoiceText(shop, language, orderId);
    expect(text).toMatch(new RegExp(`^${escape(expected.title)} ${number}$`, 'm'));
    expect(text).toMatch(new RegExp(`^${escape(expected.issued)}$`, 'm'));
    expect(text).toMatch(new RegExp(`^${escape(expected.taxPoint)}$`, 'm'));
    const supplier = supplierColumn(text, expected.headings[0], expected.headings[1]);
    expect(supplier).toEqual(['Dovolená za benefity s.r.o.', 'Vodičkova 710/31', '110 00 Praha 1', ...expected.supplier, ...expected.registration]);
    // Beside the Czech ids, their Czech names, never the Polish ones.
    for (const line of supplier) expect(line).not.toMatch(/REGON|NIP/);
    for (const line of expected.customer) expect(text).toMatch(new RegExp(`\\s{2}${escape(line)}$`, 'm'));
    expect(text).not.toMatch(CZECH_WORDS);

    expect(text).toContain(expected.accommodation);
    expect(text).toMatch(row(expected.insurance, '–', money(19_900, language), '–', money(19_900, language)));
    expect(card!.fee).toBeGreaterThan(0);
    const fee = vat21(card!.fee);
    expect(feeRow(text, expected.fee.slice(0, 10))).toEqual([expected.fee.replace('{covers}', money(card!.covers, language)), expected.rate, money(fee.base, language), money(fee.vat, language), money(card!.fee, language)]);
    expect(text).toMatch(row(expected.total, money(order.total, language)));
    expect(text).toMatch(expected.summary);
    expect(text).toMatch(row(expected.rate, money(fee.base, language), money(fee.vat, language), money(card!.fee, language)));
    expect(text).toContain(expected.paid.replace('{amount}', money(order.total, language)));
  }, SLOW);

  it('Czech voucher purchase: the voucher without VAT (multi-purpose), the card fee with it, the day of payment as the date of taxable supply', async () => {
    const api = shop.ctx.client('cz');
    const { order: created } = await api.voucherOrderCreate({
      productVariant: CZECH,
      voucherValue: CZK(45_678),
      paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
      order: CZECH_COMPANY,
    });
    const orderId = created!.orderId!.id;
    const number = created!.orderNumber;
    const [card] = await paymentsOf(orderId);
    expect(await cardPage(card!.gatewayPaymentId!)).toContain(`Obj. ${number}`);
    await payByCard(shop, card!);
    await issuePurchasedVoucher(shop.ctx.services, orderId);
    const [voucher] = await shop.handle.db.select().from(vouchers).where(eq(vouchers.sourceOrderId, orderId));
    const order = await orderRow(shop, orderId);
    expect(order.status).toBe('PAID');

    const text = await invoiceText(shop, 'cs', orderId);
    expect(text).toMatch(new RegExp(`^Faktura – daňový doklad č\\. ${number}$`, 'm'));
    expect(text).toMatch(/^Datum vystavení: 22\. listopadu 2026$/m);
    expect(text).toMatch(/^Datum uskutečnění zdanitelného plnění: 22\. listopadu 2026$/m);
    expect(supplierColumn(text, 'Dodavatel', 'Odběratel').slice(4, 6)).toEqual(['IČO: 21873212', 'DIČ: CZ21873212']);
    expect(text).toMatch(/\s{2}IČO: 27074358$/m);
    // Long amounts stay whole, the currency beside them.
    expect(text).toMatch(row(`Dárkový poukaz ${voucher!.code}`, '–', '45 678,00 Kč', '–', '45 678,00 Kč'));
    expect(oneLine(text)).toContain('Víceúčelový poukaz: DPH se odvádí při jeho uplatnění.');
    const fee = vat21(card!.fee);
    // 1.5 % of 45 678,00 Kč.
    expect(card!.fee).toBe(68_517);
    expect(feeRow(text, 'Servisní poplatek')).toEqual([`Servisní poplatek 1,5 % z ${money(card!.covers, 'cs')} (Platební karta)`, '21 %', money(fee.base, 'cs'), money(fee.vat, 'cs'), money(card!.fee, 'cs')]);
    expect(order.total).toBe(4_567_800 + 68_517);
    expect(text).toMatch(row('Celkem', '46 363,17 Kč'));
    expect(text).toMatch(row('21 %', money(fee.base, 'cs'), money(fee.vat, 'cs'), money(card!.fee, 'cs')));
    expect(text).toMatch(/^Platební karta: 46 363,17 Kč, přijato 22\. listopadu 2026$/m);
  }, SLOW);
});
