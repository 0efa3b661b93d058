import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { type MethodOption, methodOptions, startingMethodId } from '@/components/payment/method-options';
import { VoucherPurchaseForm } from '@/components/voucher/purchase-form';
import { VOUCHER_PRESETS } from '@/lib/forms/voucher-presets';
import { requireLocale } from '@/lib/i18n/require-locale';
import { moneyParts } from '@/lib/money';
import { paymentRequest } from '@/lib/rpc/payment-request';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { methodView, moneyView } from '@/lib/rpc/views';
import { type VoucherPreviewView, voucherPreviewView } from '@/lib/rpc/voucher-preview';
import { documentPath, siteConfigOf } from '@/lib/site-config';
import type { Currency, Locale } from '@/lib/variants';
import { pageVisitor } from '@/app/page-visitor';
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

/**
 * The first preset with the starting method, priced here so that the form shows its recap at once
 * and loads no API client while the page loads. If pricing fails, the form asks again itself and
 * shows what went wrong there.
 */
async function startingPrice(locale: Locale, methods: MethodOption[], currency: Currency): Promise<VoucherPreviewView | undefined> {
  try {
    const { orderPreview } = await pageApi(locale, await pageVisitor()).voucherOrderPreview({
      productVariant: productVariantOf(locale),
      voucherValue: moneyParts(VOUCHER_PRESETS[0] * 100, currency),
      paymentRequest: paymentRequest({ voucherCodes: [], rest: startingMethodId(methods) }, currency),
    });
    return voucherPreviewView(orderPreview);
  } catch {
    return undefined;
  }
}

export default async function VoucherPage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'voucherShop' });
  const site = siteConfigOf(locale);
  const offer = await pageApi(locale, await pageVisitor()).paymentMethods({ productVariant: productVariantOf(locale) });
  const { voucher } = offer;
  const methods = methodOptions(voucher.map(methodView), offer.feeBasisPoints);
  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      {voucher.length === 0 ? (
        <p>{t('notSold')}</p>
      ) : (
        <VoucherPurchaseForm
          methods={methods}
          initialPriced={await startingPrice(locale, methods, site.variant.currency)}
          currency={site.variant.currency}
          bounds={{ minValue: moneyView(offer.voucherMinValue).amount / 100, maxValue: moneyView(offer.voucherMaxValue).amount / 100 }}
          patterns={{ phonePattern: site.phonePattern, emailPattern: site.emailPattern, defaultCountry: site.variant.key === 'pl' ? 'PL' : 'CZ' }}
          documents={{ cancellation: documentPath(locale, 'cancellation-policy'), terms: documentPath(locale, 'terms-of-service') }}
        />
      )}
    </div>
  );
}
