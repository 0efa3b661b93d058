import 'server-only';
import { formatDeadline } from '@/lib/deadline';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import type { Attachment } from '../../notifications/outbox';
import { BOOKING_LAYOUT, bookingPdf } from '../../notifications/pdf/booking-pdf';
import { type DocumentSpec, renderedDocument } from '../../notifications/pdf/rendered';
import type { Services } from '../../services';
import { invoiceDocument } from '../invoice';
import type { OrderRecord } from '../status';
import { type HotelOrderRecord, hotelOrderLinks, stayFacts } from './emails';

/**
 * The booking confirmation: reservation number and PIN, the hotel, the stay, what is paid and what
 * is due at the hotel; once the booking is cancelled, that it is and since when.
 */
export async function bookingConfirmation(services: Pick<Services, 'config'>, order: OrderRecord, hotel: HotelOrderRecord): Promise<DocumentSpec> {
  const { locale, orderUrl } = hotelOrderLinks(services, order);
  const language = languageOf(locale);
  const site = siteConfigOf(locale);
  const t = createTranslator({ locale: language, messages: await loadMessages(locale), namespace: 'email.hotelOrder' });
  const stay = stayFacts(order, hotel, orderUrl);
  const money = (minor: number) => formatMoney(minor, order.currency, language, { decimals: 'always' });
  const date = (instant: Date) => formatPragueDate(instant, language);
  const day = (value: string) => date(new Date(`${value}T12:00:00Z`));
  const guest = hotel.guest ?? order.customer;
  const cancelled = hotel.bookingStatus === 'CANCELLED' && hotel.cancelledAt;
  const rows: [string, string][] = [
    ...(cancelled ? [[t('bookingState'), t('cancelledOn', { date: date(cancelled) })] as [string, string]] : []),
    [t('hotel'), `${stay.hotelName}\n${stay.hotelAddress}`],
    [t('dates'), t('datesValue', { checkIn: day(stay.checkIn), checkOut: day(stay.checkOut), nights: stay.nights })],
    [t('guestName'), `${guest.firstName} ${guest.lastName}`],
    [t('guests'), t('guestsValue', { adults: stay.adults, children: stay.children })],
    [t('rooms'), stay.rooms.join('\n')],
    [t('paid'), money(order.total)],
    ...(stay.payOnSite > 0 ? [[t('payOnSite'), money(stay.payOnSite)] as [string, string]] : []),
    [t('cancellation'), stay.freeCancellationUntil ? t('freeUntil', { date: formatDeadline(stay.freeCancellationUntil, language) }) : t('nonRefundable')],
  ];
  const input: Parameters<typeof bookingPdf>[0] = {
    site,
    lang: language,
    title: t('confirmationTitle'),
    reservation: { label: t('reservation'), value: hotel.reservation ?? '' },
    pincode: { label: t('pincode'), value: hotel.pincode ?? '' },
    rows,
    note: t('confirmationNote', { product: site.productName, phone: site.phone, email: site.email }),
    issuedAt: hotel.bookedAt ?? order.paidAt ?? order.createdAt,
  };
  return {
    ownerId: order.id,
    kind: 'booking_confirmation',
    fileName: `booking-${order.number}.pdf`,
    layout: BOOKING_LAYOUT,
    printed: input,
    render: () => bookingPdf(input),
  };
}

/**
 * What the booking confirmation e-mail carries: the invoice and the booking confirmation, the
 * same stored renders the order's documents address serves.
 */
export async function bookingAttachments(
  services: Pick<Services, 'clock' | 'config' | 'db' | 'renders'>,
  order: OrderRecord,
  hotel: HotelOrderRecord,
): Promise<Attachment[]> {
  const specs = await Promise.all([invoiceDocument(services, order), bookingConfirmation(services, order, hotel)]);
  const documents = await Promise.all(specs.map((spec) => renderedDocument(services, spec, 'job')));
  return documents.map((d) => ({ fileName: d.fileName, contentType: 'application/pdf', content: d.content }));
}
