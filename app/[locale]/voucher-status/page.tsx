import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { VoucherCheckForm } from '@/components/voucher/check-form';
import { requireLocale } from '@/lib/i18n/require-locale';
import styles from '../page-layout.module.css';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'voucherCheck' });
  return { title: t('title'), description: t('lead') };
}

export default async function VoucherCheckPage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'voucherCheck' });
  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      <VoucherCheckForm />
    </div>
  );
}
