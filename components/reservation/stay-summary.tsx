import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatDeadline } from '@/lib/deadline';
import { formatMoney } from '@/lib/money';
import type { BookedRoomView, HotelSummaryView } from '@/lib/rpc/hotel-order-views';
import type { StayView } from '@/lib/rpc/hotel-search';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './stay-summary.module.css';

/** Whole nights between two calendar dates (YYYY-MM-DD), read as UTC days so DST cannot shift them. */
function nightsBetween(checkIn: string, checkOut: string): number {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return Math.max(0, Math.round(day(checkOut) - day(checkIn)));
}

/**
 * What is being booked: the hotel, the dates, who stays, the rooms with their meals, and when
 * cancelling starts to cost. The reservation and the accommodation page both show it.
 */
export function StaySummary({
  hotel,
  stay,
  rooms,
  currency,
  freeCancellationUntil,
  headingLevel = 2,
  showCancellation = true,
}: {
  hotel: HotelSummaryView;
  stay: StayView;
  rooms: BookedRoomView[];
  currency: Currency;
  freeCancellationUntil?: string;
  headingLevel?: 2 | 3;
  /** Off once the order is over (cancelled, refunded): the terms no longer apply. */
  showCancellation?: boolean;
}) {
  const t = useTranslations('hotelOrder.stay');
  const format = useFormatter();
  const language = languageOf(useLocale());
  const Heading = `h${headingLevel}` as const;
  const date = (value: string) => format.dateTime(new Date(`${value}T12:00:00Z`), { dateStyle: 'full', timeZone: 'UTC' });
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  return (
    <section className={styles.stay} aria-labelledby="stay-hotel">
      <Heading id="stay-hotel" className={styles.hotel}>
        {hotel.name}
      </Heading>
      {hotel.address ? <p className={styles.address}>{hotel.address}</p> : null}
      {hotel.url ? (
        <p>
          <a href={hotel.url} target="_blank" rel="noopener noreferrer">
            {t('hotelLink')}
          </a>
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>{t('checkIn')}</dt>
        <dd data-testid="stay-check-in">{date(stay.checkIn)}</dd>
        <dt>{t('checkOut')}</dt>
        <dd>{date(stay.checkOut)}</dd>
        <dt>{t('length')}</dt>
        <dd>{t('nights', { nights })}</dd>
        <dt>{t('guests')}</dt>
        <dd>
          {t('adults', { adults: stay.adults })}
          {stay.childrenAges.length > 0 ? `, ${t('children', { children: stay.childrenAges.length, ages: stay.childrenAges.join(', ') })}` : ''}
        </dd>
      </dl>
      <h3 className={styles.roomsHeading}>{t('rooms', { rooms: rooms.length })}</h3>
      <ul className={styles.rooms}>
        {rooms.map((room, index) => (
          <li key={`${room.name}-${index}`}>
            <span className={styles.roomName}>{room.name}</span>
            <span>{t(`meals.${room.mealPlan}`)}</span>
            {room.payOnSite.amount > 0 ? <span>{t('roomPayOnSite', { amount: formatMoney(room.payOnSite.amount, currency, language) })}</span> : null}
          </li>
        ))}
      </ul>
      {showCancellation ? (
        <p className={styles.cancellation} data-testid="cancellation-terms">
          {freeCancellationUntil
            ? t('freeCancellation', { date: formatDeadline(freeCancellationUntil, language) })
            : t('nonRefundable')}
        </p>
      ) : null}
    </section>
  );
}
