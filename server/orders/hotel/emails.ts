import 'server-only';
import { eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { localizedPath } from '@/lib/i18n/pathnames';
import { languageOf } from '@/lib/variants';
import { daysBetween } from '@/lib/prague-time';
import { type BookingFailure, hotelOrders } from '../../db/schema/hotel-orders';
import type { Tx } from '../../db/transaction';
import { type Attachment, enqueueMail } from '../../notifications/outbox';
import { hotelBooked, hotelBookingFailed, hotelCancelled, hotelOrderReceived, type StayFacts } from '../../notifications/templates/hotel-order';
import { renderEmail } from '../../notifications/templates/render';
import { isMethodId, METHODS } from '../../payments/methods';
import type { PaymentRecord } from '../../payments/records';
import type { Services } from '../../services';
import type { VoucherRecord } from '../../vouchers/issue';
import type { OrderRecord } from '../status';
import { transferForMail } from '../transfer-mail';
import { type HotelOrderRecord, hotelOrderRecord } from './record';
import { orderLinks } from '../voucher/emails';

export type { HotelOrderRecord };

/** A hotel order's links point to its accommodation page (status, documents, cancellation). */
export function hotelOrderLinks(services: Pick<Services, 'config'>, order: OrderRecord) {
  const links = orderLinks(services, order);
  return { ...links, orderUrl: `${links.baseUrl}${localizedPath(links.locale, '/order/accommodation/[orderId]', { orderId: order.id })}` };
}

export function stayFacts(order: OrderRecord, hotel: HotelOrderRecord, orderUrl: string): StayFacts {
  const { address } = hotel.hotel;
  return {
    number: order.number,
    firstName: order.customer.firstName,
    hotelName: hotel.hotel.name,
    hotelAddress: [address.street, `${address.postalCode} ${address.city}`.trim(), address.country].filter(Boolean).join(', '),
    checkIn: hotel.stay.checkIn,
    checkOut: hotel.stay.checkOut,
    nights: daysBetween(hotel.stay.checkIn, hotel.stay.checkOut),
    adults: hotel.stay.adults,
    children: hotel.stay.childrenAges.length,
    rooms: hotel.products.map((p) => p.name),
    currency: order.currency,
    total: order.total,
    payOnSite: hotel.payOnSite,
    ...(hotel.freeCancellationUntil ? { freeCancellationUntil: hotel.freeCancellationUntil } : {}),
    orderUrl,
  };
}

async function hotelOf(tx: Tx, orderId: string): Promise<HotelOrderRecord> {
  const [hotel] = await tx.select().from(hotelOrders).where(eq(hotelOrders.orderId, orderId));
  if (!hotel) throw new Error(`hotel order ${orderId} has no details`);
  return hotelOrderRecord(hotel);
}

/** "Order received": what was ordered, what to pay, and the transfer details when paid by transfer. */
export async function sendHotelOrderReceived(
  services: Pick<Services, 'clock' | 'config' | 'jobs'>,
  tx: Tx,
  order: OrderRecord,
  payments: PaymentRecord[],
) {
  const { locale, baseUrl, orderUrl } = hotelOrderLinks(services, order);
  const stay = stayFacts(order, await hotelOf(tx, order.id), orderUrl);
  const transfer = await transferForMail(services, order, payments);
  const mail = await renderEmail(locale, baseUrl, (context) => hotelOrderReceived(context, stay, transfer?.block));
  await enqueueMail(services, tx, {
    eventKey: `order-received:${order.id}`,
    site: order.site,
    to: order.customer.email,
    ...mail,
    attachments: transfer ? [transfer.attachment] : [],
  });
}

/** The booking confirmation with the invoice and the confirmation PDF, once per order. */
export async function sendHotelBooked(
  services: Pick<Services, 'clock' | 'config' | 'jobs'>,
  tx: Tx,
  order: OrderRecord,
  hotel: HotelOrderRecord,
  attachments: Attachment[],
) {
  const { locale, baseUrl, orderUrl } = hotelOrderLinks(services, order);
  const stay = stayFacts(order, hotel, orderUrl);
  const mail = await renderEmail(locale, baseUrl, (context) =>
    hotelBooked(context, stay, { reservation: hotel.reservation ?? '', pincode: hotel.pincode ?? '' }),
  );
  await enqueueMail(services, tx, { eventKey: `hotel-booked:${order.id}`, site: order.site, to: order.customer.email, ...mail, attachments });
}

/** Booking failed: why, and where each part of the money goes back. */
export async function sendHotelBookingFailed(
  services: Pick<Services, 'clock' | 'config' | 'jobs'>,
  tx: Tx,
  order: OrderRecord,
  hotel: HotelOrderRecord,
  failure: BookingFailure,
  paid: PaymentRecord[],
) {
  const { locale, baseUrl, orderUrl } = hotelOrderLinks(services, order);
  const stay = stayFacts(order, hotel, orderUrl);
  const messages = await loadMessages(locale);
  const method = createTranslator({ locale: languageOf(locale), messages, namespace: 'payment.methods' });
  const refunds = paid.map((p) => ({ method: isMethodId(p.methodId) ? method(METHODS[p.methodId].translationCode) : method('voucher'), amount: p.amount }));
  const mail = await renderEmail(locale, baseUrl, (context) =>
    hotelBookingFailed(context, stay, { reason: context.t(`hotelOrder.reasons.${failure}`), refunds }),
  );
  await enqueueMail(services, tx, { eventKey: `hotel-failed:${order.id}`, site: order.site, to: order.customer.email, ...mail });
}

/** Cancelled by the visitor: the settlement (paid, fee, voucher), with the voucher's PDF when one was issued. */
export async function sendHotelCancelled(
  services: Pick<Services, 'clock' | 'config' | 'jobs'>,
  tx: Tx,
  order: OrderRecord,
  hotel: HotelOrderRecord,
  settlement: { paid: number; fee: number; booked: boolean },
  voucher: { record: VoucherRecord; pdf: Uint8Array } | undefined,
) {
  const { locale, baseUrl, orderUrl } = hotelOrderLinks(services, order);
  const stay = stayFacts(order, hotel, orderUrl);
  const facts = { ...settlement, insured: hotel.options.cancellationInsurance };
  const mail = await renderEmail(locale, baseUrl, (context) =>
    hotelCancelled(context, stay, facts, voucher ? { code: voucher.record.code, value: voucher.record.total, validTo: voucher.record.validTo } : undefined),
  );
  await enqueueMail(services, tx, {
    eventKey: `hotel-cancelled:${order.id}`,
    site: order.site,
    to: order.customer.email,
    ...mail,
    attachments: voucher ? [{ fileName: `voucher-${voucher.record.code}.pdf`, contentType: 'application/pdf', content: voucher.pdf }] : [],
  });
}
