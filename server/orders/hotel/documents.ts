import 'server-only';
import { formatDeadline } from '@/lib/deadline';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import type { Attachment } from '../../notifications/outbox';
import { bookingPdf } from '../../notifications/pdf/booking-pdf';
import type { Services } from '../../services';
import { invoicePdfOf } from '../invoice';
import type { OrderRecord } from '../status';
import { type HotelOrderRecord, hotelOrderLinks, stayFacts } from './emails';

/** The booking confirmation: reservation number and PIN, the hotel, the stay, what is paid and what is due at the hotel. */
export async function bookingConfirmationPdf(services: Pick<Services, 'config'>, order: OrderRecord, hotel: HotelOrderRecord): Promise<Buffer> {
  const { locale, orderUrl } = hotelOrderLinks(services, order);
  const language = languageOf(locale);
  const site = siteConfigOf(locale);
  const t = createTranslator({ locale: language, messages: await loadMessages(locale), namespace: 'email.hotelOrder' });
  const stay = stayFacts(order, hotel, orderUrl);
  const money = (minor: number) => formatMoney(minor, order.currency, language, { decimals: 'always' });
  const date = (instant: Date) => formatPragueDate(instant, language);
  const day = (value: string) => date(new Date(`${value}T12:00:00Z`));
  const guest = hotel.guest ?? order.customer;
  const rows: [string, string][] = [
    [t('hotel'), `${stay.hotelName}\n${stay.hotelAddress}`],
    [t('dates'), t('datesValue', { checkIn: day(stay.checkIn), checkOut: day(stay.checkOut), nights: stay.nights })],
    [t('guestName'), `${guest.firstName} ${guest.lastName}`],
    [t('guests'), t('guestsValue', { adults: stay.adults, children: stay.children })],
    [t('rooms'), stay.rooms.join('\n')],
    [t('paid'), money(order.total)],
    ...(stay.payOnSite > 0 ? [[t('payOnSite'), money(stay.payOnSite)] as [string, string]] : []),
    [t('cancellation'), stay.freeCancellationUntil ? t('freeUntil', { date: formatDeadline(stay.freeCancellationUntil, language) }) : t('nonRefundable')],
  ];
  return bookingPdf({
    site,
    lang: language,
    title: t('confirmationTitle'),
    reservation: { label: t('reservation'), value: hotel.reservation ?? '' },
    pincode: { label: t('pincode'), value: hotel.pincode ?? '' },
    rows,
    note: t('confirmationNote', { product: site.productName, phone: site.phone, email: site.email }),
    issuedAt: hotel.bookedAt ?? order.paidAt ?? order.createdAt,
  });
}

/** What the booking confirmation e-mail carries: the invoice and the booking confirmation. */
export async function bookingAttachments(
  services: Pick<Services, 'config' | 'db'>,
  order: OrderRecord,
  hotel: HotelOrderRecord,
): Promise<Attachment[]> {
  const [invoice, confirmation] = await Promise.all([invoicePdfOf(services, order), bookingConfirmationPdf(services, order, hotel)]);
  return [
    { fileName: `invoice-${order.number}.pdf`, contentType: 'application/pdf', content: invoice },
    { fileName: `booking-${order.number}.pdf`, contentType: 'application/pdf', content: confirmation },
  ];
}
