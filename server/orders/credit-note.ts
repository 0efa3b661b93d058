import 'server-only';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { and, eq, inArray } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { paymentRefunds } from '../db/schema/payments';
import { INVOICE_LAYOUT, invoicePdf, type InvoiceLine } from '../notifications/pdf/invoice-pdf';
import type { DocumentSpec } from '../notifications/pdf/rendered';
import type { Services } from '../services';
import { invoiceParts } from './invoice';
import type { OrderRecord } from './status';

/** A credit note's number: the invoice's, marked as its correction (one credit note per order). */
export const creditNoteNumber = (orderNumber: string) => `D${orderNumber}`;

/**
 * The credit note (opravný daňový doklad, § 42–45 of act 235/2004 Sb.; faktura korygująca) of an
 * order whose money went back, in part or in full: it names the invoice it corrects and why, lists
 * the invoice's lines reduced by what went back (all of them for a full refund; for a part, the
 * lines in the invoice's order, so the stay before the fees, as far as the refunds reach), and
 * each refund with its method and day. Issued on the day of the last refund, rendered anew when
 * another one goes back. Undefined while nothing went back.
 */
export async function creditNoteDocument(services: Pick<Services, 'config' | 'db'>, order: OrderRecord): Promise<DocumentSpec | undefined> {
  if (!order.paidAt) return undefined;
  const { db } = await services.db();
  const { input: invoice, language, messages, payments, paymentName } = await invoiceParts(services, order);
  const refunds =
    payments.length === 0
      ? []
      : await db
          .select()
          .from(paymentRefunds)
          .where(and(inArray(paymentRefunds.paymentId, payments.map((p) => p.id)), eq(paymentRefunds.state, 'done')))
          .orderBy(paymentRefunds.updatedAt, paymentRefunds.id);
  if (refunds.length === 0) return undefined;
  const t = createTranslator({ locale: language, messages, namespace: 'invoice.creditNote' });
  const money = (minor: number) => formatMoney(minor, order.currency, language, { decimals: 'always' });
  const issuedAt = refunds.at(-1)!.updatedAt;
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  const paymentOf = new Map(payments.map((p) => [p.id, p]));
  const input: Parameters<typeof invoicePdf>[0] = {
    ...invoice,
    text: { ...invoice.text, title: t('title'), paidWith: t('refundedWith'), paidNote: t('note') },
    number: creditNoteNumber(order.number),
    issuedAt,
    dates: { issued: formatPragueDate(issuedAt, language), taxPoint: formatPragueDate(issuedAt, language) },
    references: [
      t('corrects', { number: order.number, date: invoice.dates.issued }),
      t('reason', { reason: order.status === 'REFUNDED_AUTOMATICALLY' ? t('reasonBooking') : t('reasonRefund') }),
    ],
    lines: takenBack(invoice.lines, refunded),
    payments: refunds.map((r) => t('refund', { method: paymentName(paymentOf.get(r.paymentId)!), amount: money(-r.amount), date: formatPragueDate(r.updatedAt, language) })),
    // Every amount of a credit note is taken back: the table prints them negative.
    money: (minor: number) => money(-minor),
  };
  return {
    ownerId: order.id,
    kind: 'credit_note',
    fileName: `credit-note-${order.number}.pdf`,
    layout: INVOICE_LAYOUT,
    printed: { ...input, money: undefined, percent: undefined, currency: order.currency },
    render: () => invoicePdf(input),
  };
}

/** The invoice's lines as far as `amount` reaches them, in order (each line at most its own amount). */
export function takenBack(lines: readonly InvoiceLine[], amount: number): InvoiceLine[] {
  let left = amount;
  const taken: InvoiceLine[] = [];
  for (const line of lines) {
    const part = Math.min(line.amount, left);
    if (part <= 0) break;
    taken.push({ ...line, amount: part });
    left -= part;
  }
  return taken;
}
