import { newPdf } from './document';
import { splitGross, vatByRate } from './invoice-vat';

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
  taxPoint: string;
  supplier: string;
  customer: string;
  item: string;
  rate: string;
  vatBase: string;
  vat: string;
  amount: string;
  total: string;
  vatSummary: string;
  paidWith: string;
  paidNote: string;
}

/** Bumped whenever this file changes what it draws: stored invoices are then rendered anew (see rendered.ts). */
export const INVOICE_LAYOUT = 1;

const LEFT = 50;
const GAP = 10;
const INK = '#1b2330';
const MUTED = '#4a5566';
const RULE = '#cfd6df';

/**
 * An invoice for a paid order, or a credit note correcting one (the same table, its amounts
 * written as the caller's `money` writes them, so negative, and `references` naming the invoice): its number and dates (issue, taxable supply), the supplier and the
 * customer as the caller wrote them out, the lines with their VAT (included in the amounts, shown
 * as rate, base and VAT where charged, or with the reason where not), the VAT per rate, and the
 * payments. Every amount stays on one line: the amount columns are as wide as the widest amount.
 */
export async function invoicePdf(input: {
  author: string;
  lang: string;
  text: InvoiceText;
  number: string;
  issuedAt: Date;
  /** The dates as the reader's language writes them. */
  dates: { issued: string; taxPoint: string };
  /** Lines under the dates: what a credit note corrects, and why. */
  references?: string[];
  supplier: string[];
  customer: string[];
  lines: InvoiceLine[];
  /** One line per payment, written out ("Platební karta: 1 234,00 Kč, přijato …"). */
  payments: string[];
  money: (minor: number) => string;
  /** A VAT rate in basis points as the language writes a percentage. */
  percent: (basisPoints: number) => string;
}): Promise<Buffer> {
  const { text, money } = input;
  const { doc, finish } = newPdf({ title: `${text.title} ${text.number} ${input.number}`, author: input.author, createdAt: input.issuedAt, lang: input.lang });
  const width = doc.page.width - 2 * LEFT;
  doc.font('bold').fontSize(20).fillColor(INK).text(`${text.title} ${text.number} ${input.number}`, LEFT, 50, { width });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(MUTED);
  doc.text(`${text.issued}: ${input.dates.issued}`, { width });
  doc.text(`${text.taxPoint}: ${input.dates.taxPoint}`, { width });
  if (input.references?.length) {
    doc.moveDown(0.3).fillColor(INK);
    for (const reference of input.references) doc.text(reference, { width });
  }
  doc.moveDown(1.5);

  const top = doc.y;
  const half = width / 2 - GAP;
  const column = (x: number, heading: string, lines: string[]) => {
    doc.font('bold').fontSize(10).fillColor(INK).text(heading, x, top, { width: half });
    doc.font('regular').fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: half });
  };
  column(LEFT, text.supplier, input.supplier);
  const afterSupplier = doc.y;
  column(LEFT + width / 2, text.customer, input.customer);
  doc.y = Math.max(afterSupplier, doc.y) + 24;

  const rows = input.lines.map((line) => {
    if ('rate' in line.vat) {
      const { base, vat } = splitGross(line.amount, line.vat.rate);
      return [line.text, input.percent(line.vat.rate), money(base), money(vat), money(line.amount)] as Row;
    }
    return [`${line.text}\n${line.vat.note}`, '–', money(line.amount), '–', money(line.amount)] as Row;
  });
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const summary = vatByRate(input.lines.flatMap((line) => ('rate' in line.vat ? [{ amount: line.amount, rate: line.vat.rate }] : [])));
  const summaryRows = summary.map((s) => ['', input.percent(s.rate), money(s.base), money(s.vat), money(s.gross)] as Row);
  const header: Row = [text.item, text.rate, text.vatBase, text.vat, text.amount];
  const totalRow: Row = [text.total, '', '', '', money(total)];
  const x = columns(doc, width, header, [...rows, ...summaryRows, totalRow]);

  const row = (values: Row, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10).fillColor(INK);
    let bottom = y;
    values.forEach((value, i) => {
      doc.text(value, x[i]!.left, y, { width: x[i]!.width, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(LEFT + width, doc.y).stroke(RULE);
    doc.moveDown(0.3);
  };
  row(header, true);
  rule();
  for (const values of rows) row(values);
  rule();
  row(totalRow, true);

  if (summaryRows.length > 0) {
    doc.moveDown(1);
    row([text.vatSummary, text.rate, text.vatBase, text.vat, text.amount], true);
    rule();
    for (const values of summaryRows) row(values);
  }

  doc.moveDown(1.5);
  doc.font('bold').fillColor(INK).text(text.paidWith, LEFT, doc.y, { width });
  doc.font('regular');
  for (const payment of input.payments) doc.text(payment, { width });
  doc.moveDown(1).fillColor(MUTED).text(text.paidNote, { width });
  return finish();
}

type Row = [item: string, rate: string, base: string, vat: string, amount: string];
type Doc = ReturnType<typeof newPdf>['doc'];

/**
 * Left edge and width of each column. The rate and amount columns are each as wide as their widest
 * value in bold (the total is bold), so an amount never wraps inside ("5 058,14 K|č"); their
 * headings may wrap between words. The item column takes what is left.
 */
function columns(doc: Doc, width: number, header: Row, rows: Row[]): { left: number; width: number }[] {
  doc.font('bold').fontSize(10);
  const widest = (i: 1 | 2 | 3 | 4) => {
    const values = rows.map((r) => doc.widthOfString(r[i]));
    const headingWords = header[i].split(/\s+/).map((word) => doc.widthOfString(word));
    return Math.ceil(Math.max(...values, ...headingWords)) + 2;
  };
  const fixed = [widest(1), widest(2), widest(3), widest(4)];
  const widths = [width - fixed.reduce((sum, w) => sum + w + GAP, 0), ...fixed];
  let left = LEFT;
  return widths.map((w) => {
    const column = { left, width: w };
    left += w + GAP;
    return column;
  });
}
