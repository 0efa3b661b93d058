import type { SiteConfig } from '@/lib/site-config';
import { newPdf } from './document';

export interface InvoiceLine {
  text: string;
  /** Gross amount (minor units). */
  amount: number;
  /** VAT rate in basis points included in the amount, or a note why there is none. */
  vat: { rate: number } | { note: string };
}

export interface InvoiceText {
  title: string;
  number: string;
  issued: string;
  supplier: string;
  customer: string;
  companyId: string;
  taxId: string;
  item: string;
  amount: string;
  vatBase: string;
  vat: string;
  total: string;
  paidWith: string;
  paidNote: string;
}

/**
 * An invoice for a paid order: supplier (the operator, from the site configuration), customer or
 * company, lines with their VAT (included in the amounts, shown as base + VAT where charged, or
 * with the reason where not), the payments, and the total already paid.
 */
export async function invoicePdf(input: {
  site: SiteConfig;
  lang: string;
  text: InvoiceText;
  number: string;
  issuedAt: Date;
  issuedText: string;
  customer: string[];
  lines: InvoiceLine[];
  payments: { text: string; amount: number }[];
  money: (minor: number) => string;
}): Promise<Buffer> {
  const { site, text, money } = input;
  const { doc, finish } = newPdf({ title: `${text.title} ${input.number}`, author: site.operator.companyName, createdAt: input.issuedAt, lang: input.lang });
  const width = doc.page.width - 100;
  doc.font('bold').fontSize(20).text(`${text.title} ${input.number}`, 50, 50, { width });
  doc.font('regular').fontSize(10).fillColor('#4a5566').text(`${text.issued}: ${input.issuedText}`, { width });
  doc.moveDown(1.5);
  const top = doc.y;
  const column = (x: number, heading: string, lines: string[]) => {
    doc.font('bold').fontSize(10).fillColor('#1b2330').text(heading, x, top, { width: width / 2 - 10 });
    doc.font('regular').fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: width / 2 - 10 });
  };
  const { operator } = site;
  column(50, text.supplier, [operator.companyName, ...operator.addressLines, `${text.companyId}: ${operator.companyId}`, `${text.taxId}: ${operator.taxId}`, operator.registration]);
  const afterSupplier = doc.y;
  column(50 + width / 2, text.customer, input.customer);
  doc.y = Math.max(afterSupplier, doc.y) + 24;

  const cols = { item: 50, base: 310, vat: 400, total: 480 };
  const row = (values: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10).fillColor('#1b2330');
    doc.text(values[0], cols.item, y, { width: 250 });
    const end = doc.y;
    doc.text(values[1], cols.base, y, { width: 85, align: 'right' });
    doc.text(values[2], cols.vat, y, { width: 75, align: 'right' });
    doc.text(values[3], cols.total, y, { width: 65, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
  };
  row([text.item, text.vatBase, text.vat, text.amount], true);
  doc.moveTo(50, doc.y).lineTo(50 + width, doc.y).stroke('#cfd6df');
  doc.moveDown(0.3);
  let total = 0;
  for (const line of input.lines) {
    total += line.amount;
    if ('rate' in line.vat) {
      const base = Math.round((line.amount * 10_000) / (10_000 + line.vat.rate));
      row([`${line.text} (${line.vat.rate / 100} %)`, money(base), money(line.amount - base), money(line.amount)]);
    } else {
      row([`${line.text}\n${line.vat.note}`, money(line.amount), '–', money(line.amount)]);
    }
  }
  doc.moveTo(50, doc.y).lineTo(50 + width, doc.y).stroke('#cfd6df');
  doc.moveDown(0.3);
  row([text.total, '', '', money(total)], true);
  doc.moveDown(1.5);
  doc.font('bold').text(text.paidWith, 50, doc.y, { width });
  doc.font('regular');
  for (const payment of input.payments) doc.text(`${payment.text}: ${money(payment.amount)}`, { width });
  doc.moveDown(1).fillColor('#4a5566').text(text.paidNote, { width });
  return finish();
}
