import { getTranslations } from 'next-intl/server';
import { siteConfigOf, telHref } from '@/lib/site-config';
import type { Locale } from '@/lib/variants';
import styles from './coming-soon.module.css';

/** The honest body of a page whose feature has not been built yet. */
export async function ComingSoon({ locale, title }: { locale: Locale; title: string }) {
  const t = await getTranslations({ locale, namespace: 'comingSoon' });
  const site = siteConfigOf(locale);
  return (
    <article className={styles.article}>
      <h1>{title}</h1>
      <p>{t('text')}</p>
      <p>
        {t.rich('help', {
          phone: site.phone,
          email: site.email,
          phoneLink: (chunks) => <a href={telHref(site.phone)}>{chunks}</a>,
          emailLink: (chunks) => <a href={`mailto:${site.email}`}>{chunks}</a>,
        })}
      </p>
    </article>
  );
}
