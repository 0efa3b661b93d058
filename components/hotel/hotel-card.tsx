import { useTranslations } from 'next-intl';
import type { HotelView } from '@/lib/rpc/hotel-search';
import { countryName } from './format';
import { HotelGallery } from './hotel-gallery';
import styles from './hotel-search.module.css';

/** The hotel as Booking.com describes it: photos, name, stars, guest rating, address and where to see it on a map. */
export function HotelCard({ hotel, language }: { hotel: HotelView; language: string }) {
  const t = useTranslations('hotelSearch');
  const stars = Math.round(hotel.stars);
  const address = [hotel.address.street, [hotel.address.postalCode, hotel.address.city].filter(Boolean).join(' '), countryName(hotel.address.country, language)]
    .filter(Boolean)
    .join(', ');
  const map = hotel.coordinates
    ? `https://www.openstreetmap.org/?mlat=${hotel.coordinates.latitude}&mlon=${hotel.coordinates.longitude}#map=16/${hotel.coordinates.latitude}/${hotel.coordinates.longitude}`
    : undefined;
  return (
    <section className={styles.hotel} aria-labelledby="hotel-name" data-testid="hotel-card">
      <HotelGallery name={hotel.name} photos={hotel.photos} />
      <div className={styles.hotelText}>
        <h2 id="hotel-name" className={styles.hotelName}>
          {hotel.name}
        </h2>
        {stars > 0 ? (
          <p className={styles.stars}>
            <span aria-hidden="true">{'★'.repeat(stars)}</span>
            <span className="visually-hidden">{t('stars', { count: stars })}</span>
          </p>
        ) : null}
        {hotel.reviewScore > 0 ? <p className={styles.muted}>{t('rating', { score: hotel.reviewScore.toLocaleString(language), count: hotel.reviews })}</p> : null}
        <p>{address}</p>
        <p className={styles.links}>
          {map ? (
            <a href={map} target="_blank" rel="noopener noreferrer">
              {t('showOnMap')}
            </a>
          ) : null}
          {hotel.url ? (
            <a href={hotel.url} target="_blank" rel="noopener noreferrer">
              {t('onBooking')}
            </a>
          ) : null}
        </p>
      </div>
    </section>
  );
}
