import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/money';
import { siteConfigOf } from '@/lib/site-config';
import type { invoicePdf as InvoicePdf, InvoiceText } from '@/server/notifications/pdf/invoice-pdf';
import type { voucherPdf as VoucherPdf } from '@/server/notifications/pdf/voucher-pdf';
import { documentVersion } from '@/server/notifications/pdf/rendered';
import { CZECH_INVOICE_TEXT } from '../../support/invoice-text';
import { HAS_PDFTOTEXT, PDFTOTEXT_MISSING, pdfText } from '../../support/pdf-text';

// Letters of every Czech diacritic and a few outside the font, so a dropped glyph shows.
const CZECH: InvoiceText = { ...CZECH_INVOICE_TEXT, paidNote: 'Faktura je plně uhrazena. Příliš žluťoučký kůň úpěl ďábelské ódy; ý, ÿ, ŷ.' };
const ENGLISH: InvoiceText = {
  ...CZECH,
  title: 'Invoice',
  number: 'No.',
  issued: 'Date of issue',
  taxPoint: 'Date of taxable supply',
  supplier: 'Supplier',
  customer: 'Customer',
  item: 'Item',
  rate: 'VAT rate',
  vatBase: 'Base',
  vat: 'VAT',
  amount: 'Amount',
  total: 'Total',
  vatSummary: 'VAT summary',
  paidWith: 'Paid with',
  paidNote: 'This invoice has been paid in full. Please do not pay it again.',
};

function invoice(render: typeof InvoicePdf, text: InvoiceText, language: string) {
  const money = (minor: number) => formatMoney(minor, 'CZK', language, { decimals: 'always' });
  return render({
    author: 'Dovolená za benefity s.r.o.',
    lang: language,
    text,
    number: '2026000123',
    issuedAt: new Date('2026-11-22T10:00:00Z'),
    dates: { issued: '22. 11. 2026', taxPoint: '22. 11. 2026' },
    supplier: ['Dovolená za benefity s.r.o.', 'Vodičkova 710/31'],
    customer: ['Jana Nováková', 'Kraków, Długa 5', 'Łódź, Żółkiewskiego 1'],
    lines: [
      { text: 'Ubytování: Hotel Wawel Residence, Classic Double Room', amount: 92_295, vat: { note: 'DPH je součástí ceny hotelu.' } },
      { text: 'Servisní poplatek', amount: 1_683, vat: { rate: 2_100 } },
    ],
    payments: [`Payment card: ${money(93_978)}`],
    money,
    percent: (bp) => `${bp / 100} %`,
  });
}

function voucher(render: typeof VoucherPdf) {
  return render({
    site: siteConfigOf('pl'),
    lang: 'pl',
    text: { title: 'Bon podarunkowy', code: 'Kod', value: 'Wartość', validUntil: 'Ważny do', howTo: 'Zażółć gęślą jaźń.', checkAt: 'Sprawdź na' },
    code: '12345678',
    value: '500 zł',
    validTo: '22 listopada 2027',
    statusUrl: 'http://pl.localhost/voucher-status/x',
    issuedAt: new Date('2026-11-22T10:00:00Z'),
  });
}

/** The renderers as a process that has rendered nothing yet has them (fonts parsed anew). */
async function freshRenderers() {
  vi.resetModules();
  const [{ invoicePdf }, { voucherPdf }] = await Promise.all([import('@/server/notifications/pdf/invoice-pdf'), import('@/server/notifications/pdf/voucher-pdf')]);
  return { invoicePdf, voucherPdf };
}

describe('a rendered PDF', () => {
  // The fonts are parsed once per process and shared by every document: what one document met
  // must not change the next one (the stored render, its ETag and the e-mail attachment are one).
  it('is the same bytes whatever the process rendered before', async () => {
    const fresh = await freshRenderers();
    const englishFirst = await invoice(fresh.invoicePdf, ENGLISH, 'en');
    const voucherFirst = await voucher(fresh.voucherPdf);

    const used = await freshRenderers();
    await invoice(used.invoicePdf, CZECH, 'cs');
    await voucher(used.voucherPdf);
    const englishAfter = await invoice(used.invoicePdf, ENGLISH, 'en');
    await invoice(used.invoicePdf, CZECH, 'cs');
    const voucherAfter = await voucher(used.voucherPdf);

    expect(Buffer.compare(englishAfter, englishFirst)).toBe(0);
    expect(Buffer.compare(voucherAfter, voucherFirst)).toBe(0);
    // Seven renders, with the fonts parsed afresh twice: more than a unit test's usual 5 s on a busy machine.
  }, 30_000);

  it.skipIf(!HAS_PDFTOTEXT)(`keeps its text layer after other documents${PDFTOTEXT_MISSING}`, async () => {
    const used = await freshRenderers();
    await invoice(used.invoicePdf, CZECH, 'cs');
    const text = pdfText(await invoice(used.invoicePdf, ENGLISH, 'en'));
    expect(text).toMatch(/^\s*VAT summary\s+VAT\s+Base\s+VAT\s+Amount\s*$/m);
    expect(text).toContain('Please do not pay it again.');
  }, 30_000);
});

describe('documentVersion', () => {
  const spec = { kind: 'invoice' as const, layout: 1, printed: { number: '2026000123', issuedAt: new Date('2026-11-22T10:00:00Z'), lines: ['a', 'b'] } };

  it('is the same for the same printed data and layout', () => {
    expect(documentVersion(spec)).toBe(documentVersion({ ...spec, printed: { ...spec.printed, lines: ['a', 'b'] } }));
    expect(documentVersion(spec)).toMatch(/^[\w-]{32}$/);
  });

  it('changes with anything printed, the layout and the kind', () => {
    const versions = [
      documentVersion(spec),
      documentVersion({ ...spec, printed: { ...spec.printed, lines: ['a', 'b', 'Zrušena 24. listopadu 2026'] } }),
      documentVersion({ ...spec, printed: { ...spec.printed, issuedAt: new Date('2026-11-22T10:00:01Z') } }),
      documentVersion({ ...spec, layout: 2 }),
      documentVersion({ ...spec, kind: 'booking_confirmation' }),
    ];
    expect(new Set(versions).size).toBe(versions.length);
  });
});
