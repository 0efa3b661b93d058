import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { VoucherPurchaseForm } from '@/components/voucher/purchase-form';
import { requireLocale } from '@/lib/i18n/require-locale';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView } from '@/lib/rpc/views';
import { documentPath, siteConfigOf } from '@/lib/site-config';
import { withFees } from '@/server/payments/method-options';
import { pageApi } from '@/server/rpc/page-api';
import { appServices } from '@/server/services';
import styles from '../page-layout.module.css';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'voucherShop' });
  return { title: t('title'), description: t('lead') };
}

// Per request: the offered methods and limits come from the running configuration.
export const dynamic = 'force-dynamic';

export default async function VoucherPage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'voucherShop' });
  const services = appServices();
  const site = siteConfigOf(locale);
  const { voucher } = await pageApi(locale).paymentMethods({ productVariant: productVariantOf(locale) });
  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      {voucher.length === 0 ? (
        <p>{t('notSold')}</p>
      ) : (
        <VoucherPurchaseForm
          methods={withFees(services, voucher.map(methodView))}
          currency={site.variant.currency}
          bounds={{ minValue: services.config.vouchers.minValue, maxValue: services.config.vouchers.maxValue }}
          patterns={{ phonePattern: site.phonePattern, emailPattern: site.emailPattern, defaultCountry: site.variant.key === 'pl' ? 'PL' : 'CZ' }}
          documents={{ cancellation: documentPath(locale, 'cancellation-policy'), terms: documentPath(locale, 'terms-of-service') }}
        />
      )}
    </div>
  );
}
