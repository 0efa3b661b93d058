import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/pathnames';
import type { Locale } from '@/lib/variants';
import styles from './link-form.module.css';

/**
 * The hotel-link field that starts an order: a plain GET form to the order page, which reads the
 * link on the server, so it works before (and without) JavaScript. `url` prefills the field.
 */
export async function HotelLinkForm({ locale, url, headingLevel = 2 }: { locale: Locale; url?: string; headingLevel?: 2 | 3 }) {
  const t = await getTranslations({ locale, namespace: 'hotelLink' });
  const Heading = `h${headingLevel}` as const;
  return (
    <form className={styles.form} action={localizedPath(locale, '/order')} method="get" aria-labelledby="hotel-link-title">
      <Heading id="hotel-link-title" className={styles.title}>
        {t('title')}
      </Heading>
      <label htmlFor="hotel-link" className={styles.label}>
        {t('label')}
      </label>
      <div className={styles.row}>
        <input
          id="hotel-link"
          name="url"
          type="url"
          inputMode="url"
          required
          defaultValue={url}
          placeholder="https://www.booking.com/hotel/…"
          aria-describedby="hotel-link-hint"
          className={styles.input}
          autoComplete="off"
        />
        <button type="submit" className={styles.submit}>
          {t('submit')}
        </button>
      </div>
      <p id="hotel-link-hint" className={styles.hint}>
        {t('hint')}
      </p>
    </form>
  );
}
