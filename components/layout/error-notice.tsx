import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import styles from './error-notice.module.css';

/** The not-found and error page body: "404" for a missing page, "Error" for anything else. */
export function ErrorNotice({ kind }: { kind: 'notFound' | 'error' }) {
  const t = useTranslations('errorPage');
  return (
    <div className={styles.notice}>
      <h1 className={styles.title}>{kind === 'notFound' ? t('notFoundTitle') : t('errorTitle')}</h1>
      <p className={styles.text}>{kind === 'notFound' ? t('notFoundText') : t('errorText')}</p>
      <Link href="/" className={styles.button}>
        {t('home')}
      </Link>
    </div>
  );
}
