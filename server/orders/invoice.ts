import 'server-only';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import { voucherOrders } from '../db/schema/orders';
import { vouchers } from '../db/schema/vouchers';
import { hotelOrders } from '../db/schema/hotel-orders';
import { invoicePdf, type InvoiceLine } from '../notifications/pdf/invoice-pdf';
import { METHODS, isMethodId } from '../payments/methods';
import { current } from '../payments/records';
import { ownerPayments } from '../payments/transitions';
import type { Services } from '../services';
import type { OrderRecord } from './status';
import { orderLinks } from './voucher/emails';
import { hotelOrderRecord } from './hotel/record';

/** The invoice of a paid order: what was bought (a voucher, or the rooms and extras), the fees, the payments. */
export async function invoicePdfOf(services: Services, order: OrderRecord): Promise<Buffer> {
  const { db } = await services.db();
  const { locale } = orderLinks(services, order);
  const language = languageOf(locale);
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale: language, messages, namespace: 'invoice' });
  const method = createTranslator({ locale: language, messages, namespace: 'payment.methods' });
  const money = (minor: number) => formatMoney(minor, order.currency, language, { decimals: 'always' });
  const payments = current(await ownerPayments(db, order.kind === 'voucher' ? 'voucher_order' : 'hotel_order', order.id)).filter(
    (p) => p.status === 'PAID' || p.status === 'REFUNDED',
  );
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
    const day = (date: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    for (const product of hotel?.products ?? []) {
      lines.push({
        text: t('accommodationLine', { hotel: hotel!.hotel.name, room: product.name, checkIn: day(hotel!.stay.checkIn), checkOut: day(hotel!.stay.checkOut) }),
        amount: product.payOnline,
        vat: { note: t('accommodationNote') },
      });
    }
    if (hotel && hotel.insurance > 0) lines.push({ text: t('insuranceLine'), amount: hotel.insurance, vat: { note: t('insuranceNote') } });
  }
  for (const payment of payments.filter((p) => p.fee > 0)) {
    const name = isMethodId(payment.methodId) ? method(METHODS[payment.methodId].translationCode) : payment.methodId;
    lines.push({ text: t('feeLine', { method: name }), amount: payment.fee, vat: { rate: services.config.payments.feeVatRate } });
  }
  const customer = order.customer;
  const billing = customer.billingAddress ?? customer.contactAddress;
  return invoicePdf({
    site: siteConfigOf(locale),
    lang: language,
    text: {
      title: t('title'),
      number: t('number'),
      issued: t('issued'),
      supplier: t('supplier'),
      customer: t('customer'),
      companyId: t('companyId'),
      taxId: t('taxId'),
      item: t('item'),
      amount: t('amount'),
      vatBase: t('vatBase'),
      vat: t('vat'),
      total: t('total'),
      paidWith: t('paidWith'),
      paidNote: t('paidNote'),
    },
    number: order.number,
    issuedAt: order.paidAt ?? order.createdAt,
    issuedText: formatPragueDate(order.paidAt ?? order.createdAt, language),
    customer: [
      `${customer.firstName} ${customer.lastName}`,
      billing.streetAddress,
      `${billing.postalCode} ${billing.city}`,
      billing.country,
      ...(billing.companyId ? [`${t('companyId')}: ${billing.companyId}`] : []),
      ...(billing.companyTaxId ? [`${t('taxId')}: ${billing.companyTaxId}`] : []),
      customer.email,
    ],
    lines,
    payments: payments.map((p) => ({ text: isMethodId(p.methodId) ? method(METHODS[p.methodId].translationCode) : method('voucher'), amount: p.amount })),
    money,
  });
}
