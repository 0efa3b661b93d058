import { Code, ConnectError } from '@connectrpc/connect';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { VoucherOrderStatus } from '@/components/order/voucher-order-status';
import { redirect } from '@/lib/i18n/navigation';
import { requireLocale } from '@/lib/i18n/require-locale';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { voucherOrderView } from '@/lib/rpc/views';
import { isUuid } from '@/lib/route-params';
import { siteConfigOf } from '@/lib/site-config';
import { pageVisitor } from '@/app/page-visitor';
import { pageApi } from '@/server/rpc/page-api';

interface Props {
  params: Promise<{ locale: string; id: string }>;
}

// The order id in the e-mailed link is the only key: never indexed, cached or leaked as a referrer.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t('status'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function OrderStatusPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = requireLocale(raw);
  if (!isUuid(id)) notFound();
  setRequestLocale(locale);
  const answer = await pageApi(locale, await pageVisitor())
    .orderDetail({ productVariant: productVariantOf(locale), orderId: { id } })
    .catch((error: unknown) => {
      if (ConnectError.from(error).code === Code.NotFound) notFound();
      throw error;
    });
  if (answer.order.case === 'voucherOrder') {
    return <VoucherOrderStatus order={voucherOrderView(answer.order.value)} version={answer.version.toString()} site={siteConfigOf(locale)} />;
  }
  // Hotel orders have their own page (the link in their e-mails); this keeps older links working.
  if (answer.order.case === 'hotelOrder') redirect({ href: { pathname: '/order/accommodation/[orderId]', params: { orderId: id } }, locale });
  notFound();
}
