import Image from 'next/image';
import { useTranslations } from 'next-intl';
import styles from './link-guide.module.css';

const DEVICES = [
  { key: 'desktop', image: '/images/link-guide/desktop.svg', width: 320, height: 200 },
  { key: 'phone', image: '/images/link-guide/phone.svg', width: 160, height: 280 },
] as const;

/** Where a hotel link comes from: the browser's address bar on a computer, "Share" in the Booking.com app. */
export function LinkGuide() {
  const t = useTranslations('hotelSearch.guide');
  return (
    <section className={styles.guide} aria-labelledby="link-guide-title">
      <h2 id="link-guide-title">{t('title')}</h2>
      <div className={styles.devices}>
        {DEVICES.map(({ key, image, width, height }) => (
          <section key={key} className={styles.device} aria-labelledby={`link-guide-${key}`}>
            <h3 id={`link-guide-${key}`}>{t(`${key}Title`)}</h3>
            {/* A drawing of our own, served as it is (SVG needs no resizing). */}
            <Image src={image} alt={t(`${key}Alt`)} width={width} height={height} sizes={`${width}px`} unoptimized className={styles.picture} />
            <ol>
              <li>{t(`${key}1`)}</li>
              <li>{t(`${key}2`)}</li>
              <li>{t(`${key}3`)}</li>
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
