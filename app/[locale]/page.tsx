import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { requireLocale } from '@/lib/i18n/require-locale';
import { siteConfigOf } from '@/lib/site-config';
import styles from './home.module.css';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'home' });
  return { title: { absolute: `${siteConfigOf(locale).productName}: ${t('title')}` } };
}

export default async function HomePage({ params }: Props) {
  const typedLocale = requireLocale((await params).locale);
  setRequestLocale(typedLocale);
  const t = await getTranslations({ locale: typedLocale, namespace: 'home' });
  const nav = await getTranslations({ locale: typedLocale, namespace: 'nav' });

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </section>
      <section aria-labelledby="home-steps">
        <h2 id="home-steps">{t('steps')}</h2>
        <ol className={styles.steps}>
          <li>{t('step1')}</li>
          <li>{t('step2')}</li>
          <li>{t('step3')}</li>
        </ol>
        <p>{t('soon')}</p>
        <p className={styles.actions}>
          <Link href="/how-it-works" className={styles.primary}>
            {nav('howItWorks')}
          </Link>
          <Link href="/contact" className={styles.secondary}>
            {nav('contact')}
          </Link>
        </p>
      </section>
    </>
  );
}
