import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/** A reservation link whose price offer is unknown or too old: back to the start, with the reason. */
export function PreviewExpired() {
  const t = useTranslations('hotelOrder.expired');
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{t('text')}</p>
      <p>
        <Link href="/order">{t('back')}</Link>
      </p>
    </div>
  );
}
