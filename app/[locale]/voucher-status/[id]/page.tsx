import { Code, ConnectError } from '@connectrpc/connect';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HeldVoucher } from '@/components/voucher/held-voucher';
import { VoucherCard } from '@/components/voucher/voucher-card';
import { requireLocale } from '@/lib/i18n/require-locale';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { voucherView } from '@/lib/rpc/views';
import { isUuid } from '@/lib/route-params';
import { pageVisitor } from '@/app/page-visitor';
import { pageApi } from '@/server/rpc/page-api';

interface Props {
  params: Promise<{ locale: string; id: string }>;
}

// The voucher id in the e-mailed link is the only key: never indexed, cached or leaked as a referrer.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'voucherCheck' });
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function VoucherStatusPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = requireLocale(raw);
  if (!isUuid(id)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'voucherCheck' });
  const { voucher } = await pageApi(locale, await pageVisitor())
    .voucherDetail({ productVariant: productVariantOf(locale), lookup: { case: 'voucherId', value: { id } } })
    .catch((error: unknown) => {
      if (ConnectError.from(error).code === Code.NotFound) notFound();
      throw error;
    });
  if (!voucher) notFound();
  return (
    <>
      <h1>{t('title')}</h1>
      {/* Only a held voucher needs the browser code that releases it. */}
      {voucher.held ? <HeldVoucher voucher={voucherView(voucher)} /> : <VoucherCard voucher={voucherView(voucher)} />}
    </>
  );
}
