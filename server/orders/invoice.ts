import 'server-only';
import { formatBasisPoints, formatMoney, percentOf } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { and, eq, inArray } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import { voucherOrders } from '../db/schema/orders';
import { vouchers } from '../db/schema/vouchers';
import { hotelOrders } from '../db/schema/hotel-orders';
import { INVOICE_LAYOUT, invoicePdf, type InvoiceLine } from '../notifications/pdf/invoice-pdf';
import type { DocumentSpec } from '../notifications/pdf/rendered';
import { METHODS, isMethodId } from '../payments/methods';
import { current } from '../payments/records';
import { ownerPayments } from '../payments/transitions';
import type { Services } from '../services';
import type { OrderRecord } from './status';
import { orderLinks } from './voucher/emails';
import { hotelOrderRecord } from './hotel/record';
import { taxPointDays } from './invoice-tax-point';

/** The operator is a Czech company: its identifiers are IČO and DIČ, its country the Czech Republic. */
const SUPPLIER_COUNTRY = 'CZ';

/**
 * The invoice of a paid order (a Czech tax document, § 29 of act 235/2004 Sb.) in the order's
 * language: what was bought (a voucher, or the rooms and extras), the fees, the payments, the dates
 * of issue and of taxable supply (see invoice-tax-point.ts), and each party's identifiers under
 * their own country's names (the operator's IČO/DIČ, a Polish buyer's REGON/NIP). Rendered once
 * per version through rendered.ts.
 */
export async function invoiceDocument(services: Pick<Services, 'config' | 'db'>, order: OrderRecord): Promise<DocumentSpec> {
  const { input } = await invoiceParts(services, order);
  return {
    ownerId: order.id,
    kind: 'invoice',
    fileName: `invoice-${order.number}.pdf`,
    layout: INVOICE_LAYOUT,
    // money and percent are functions of the currency and the language, which stand in for them.
    printed: { ...input, money: undefined, percent: undefined, currency: order.currency },
    render: () => invoicePdf(input),
  };
}

/** What an invoice prints, and the order's wording for the documents that refer to it (credit-note.ts). */
export async function invoiceParts(services: Pick<Services, 'config' | 'db'>, order: OrderRecord) {
  const { db } = await services.db();
  const { locale } = orderLinks(services, order);
  const language = languageOf(locale);
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale: language, messages, namespace: 'invoice' });
  const method = createTranslator({ locale: language, messages, namespace: 'payment.methods' });
  const money = (minor: number) => formatMoney(minor, order.currency, language, { decimals: 'always' });
  const country = (code: string) => new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  // Noon UTC of a calendar date is the same date in Prague.
  const day = (date: string) => formatPragueDate(new Date(`${date}T12:00:00Z`), language);
  const paidAt = order.paidAt ?? order.createdAt;
  const payments = current(await ownerPayments(db, order.kind === 'voucher' ? 'voucher_order' : 'hotel_order', order.id)).filter(
    (p) => p.status === 'PAID' || p.status === 'REFUNDED',
  );
  const taxPoint = await taxPointDays(db, payments, paidAt);
  const methodName = (methodId: string) => (isMethodId(methodId) ? method(METHODS[methodId].translationCode) : method('voucher'));

  const lines: InvoiceLine[] = [];
  if (order.kind === 'voucher') {
    const [details] = await db.select().from(voucherOrders).where(eq(voucherOrders.orderId, order.id));
    const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.source, 'purchase'), eq(vouchers.sourceOrderId, order.id)));
    lines.push({
      text: voucher ? t('voucherLine', { code: voucher.code }) : t('voucherPending'),
      amount: details?.voucherValue ?? order.total - order.serviceFee,
      vat: { note: t('voucherNote') },
    });
  }
  if (order.kind === 'hotel') {
    const [row] = await db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.id));
    const hotel = row && hotelOrderRecord(row);
    const stayDay = (date: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    for (const product of hotel?.products ?? []) {
      lines.push({
        text: t('accommodationLine', { hotel: hotel!.hotel.name, room: product.name, checkIn: stayDay(hotel!.stay.checkIn), checkOut: stayDay(hotel!.stay.checkOut) }),
        amount: product.payOnline,
        vat: { note: t('accommodationNote') },
      });
    }
    if (hotel && hotel.insurance > 0) lines.push({ text: t('insuranceLine'), amount: hotel.insurance, vat: { note: t('insuranceNote') } });
  }
  // Each fee named by what it was computed on: the part of the price its payment covers.
  for (const payment of payments.filter((p) => p.fee > 0)) {
    lines.push({
      text: t('feeLine', { method: methodName(payment.methodId), percent: feePercent(payment, language), base: money(payment.covers) }),
      amount: payment.fee,
      vat: { rate: services.config.payments.feeVatRate },
    });
  }

  const voucherIds = payments.flatMap((p) => (p.voucherId ? [p.voucherId] : []));
  const codes = new Map(
    voucherIds.length === 0 ? [] : (await db.select({ id: vouchers.id, code: vouchers.code }).from(vouchers).where(inArray(vouchers.id, voucherIds))).map((v) => [v.id, v.code]),
  );
  const paymentName = (p: (typeof payments)[number]) => (p.voucherId && codes.has(p.voucherId) ? t('paidVoucher', { code: codes.get(p.voucherId)! }) : methodName(p.methodId));

  const { operator } = siteConfigOf(locale);
  const customer = order.customer;
  const billing = customer.billingAddress ?? customer.contactAddress;
  const input: Parameters<typeof invoicePdf>[0] = {
    author: operator.companyName,
    lang: language,
    text: {
      title: t('title'),
      number: t('number'),
      issued: t('issued'),
      taxPoint: t('taxPoint'),
      supplier: t('supplier'),
      customer: t('customer'),
      item: t('item'),
      rate: t('rate'),
      vatBase: t('vatBase'),
      vat: t('vat'),
      amount: t('amount'),
      total: t('total'),
      vatSummary: t('vatSummary'),
      paidWith: t('paidWith'),
      paidNote: t('paidNote'),
    },
    number: order.number,
    issuedAt: paidAt,
    dates: { issued: formatPragueDate(paidAt, language), taxPoint: taxPoint.days.map(day).join(', ') },
    supplier: [
      operator.companyName,
      // The last address line is the country, written out in the reader's language.
      ...operator.addressLines.slice(0, -1),
      country(SUPPLIER_COUNTRY),
      `${t('companyId')}: ${operator.companyId}`,
      `${t('taxId')}: ${operator.taxId}`,
      t('registration', operator.register),
    ],
    customer: [
      `${customer.firstName} ${customer.lastName}`,
      billing.streetAddress,
      `${billing.postalCode} ${billing.city}`,
      country(billing.country),
      ...(billing.companyId ? [`${t('customerCompanyId', { country: billing.country })}: ${billing.companyId}`] : []),
      ...(billing.companyTaxId ? [`${t('customerTaxId', { country: billing.country })}: ${billing.companyTaxId}`] : []),
      customer.email,
    ],
    lines,
    payments: payments.map((p) =>
      t('payment', { method: paymentName(p), amount: money(p.amount), date: formatPragueDate(taxPoint.receivedAt.get(p.id) ?? paidAt, language) }),
    ),
    money,
    percent: (basisPoints) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000),
  };
  return { input, language, messages, payments, paymentName };
}

/**
 * The fee's percentage as charged: fees are whole basis points of the covered part rounded half
 * up to a minor unit, so the rate is the one whose fee of `covers` is `fee` (the configured rate
 * may have changed since). Written as the language writes a percentage's number.
 */
function feePercent(payment: { covers: number; fee: number }, language: string): string {
  const estimate = Math.round((payment.fee * 10_000) / payment.covers);
  const exact = [estimate, estimate - 1, estimate + 1].find((bp) => percentOf(payment.covers, bp) === payment.fee) ?? estimate;
  return formatBasisPoints(exact, language);
}
