import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/**
 * A reservation link that can no longer be ordered: its price offer is unknown or too old, or it
 * was ordered already (the order is reached only through the link e-mailed to the orderer).
 */
export function PreviewExpired({ reason = 'expired' }: { reason?: 'expired' | 'ordered' }) {
  const t = useTranslations(reason === 'ordered' ? 'hotelOrder.ordered' : 'hotelOrder.expired');
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
