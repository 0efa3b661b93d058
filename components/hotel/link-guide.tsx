import { useTranslations } from 'next-intl';
import styles from './hotel-search.module.css';

/** Where a hotel link comes from, on a computer and in the Booking.com app. */
export function LinkGuide() {
  const t = useTranslations('hotelSearch');
  return (
    <section className={styles.guide} aria-labelledby="link-guide-title">
      <h2 id="link-guide-title">{t('guideTitle')}</h2>
      <ol>
        <li>{t('guideDesktop')}</li>
        <li>{t('guidePhone')}</li>
      </ol>
    </section>
  );
}
