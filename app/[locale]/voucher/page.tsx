import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { methodOptions } from '@/components/payment/method-options';
import { VoucherPurchaseForm } from '@/components/voucher/purchase-form';
import { requireLocale } from '@/lib/i18n/require-locale';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView, moneyView } from '@/lib/rpc/views';
import { documentPath, siteConfigOf } from '@/lib/site-config';
import { pageApi } from '@/server/rpc/page-api';
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
  const site = siteConfigOf(locale);
  const offer = await pageApi(locale).paymentMethods({ productVariant: productVariantOf(locale) });
  const { voucher } = offer;
  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      {voucher.length === 0 ? (
        <p>{t('notSold')}</p>
      ) : (
        <VoucherPurchaseForm
          methods={methodOptions(voucher.map(methodView), offer.feeBasisPoints)}
          currency={site.variant.currency}
          bounds={{ minValue: moneyView(offer.voucherMinValue).amount / 100, maxValue: moneyView(offer.voucherMaxValue).amount / 100 }}
          patterns={{ phonePattern: site.phonePattern, emailPattern: site.emailPattern, defaultCountry: site.variant.key === 'pl' ? 'PL' : 'CZ' }}
          documents={{ cancellation: documentPath(locale, 'cancellation-policy'), terms: documentPath(locale, 'terms-of-service') }}
        />
      )}
    </div>
  );
}
