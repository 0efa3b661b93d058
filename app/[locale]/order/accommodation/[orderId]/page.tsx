import { Code, ConnectError } from '@connectrpc/connect';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HotelOrderStatus } from '@/components/order/hotel-order-status';
import { redirect } from '@/lib/i18n/navigation';
import { requireLocale } from '@/lib/i18n/require-locale';
import { compensationView, hotelOrderView } from '@/lib/rpc/hotel-order-views';
import { productVariantOf } from '@/lib/rpc/product-variant';
import { isUuid } from '@/lib/route-params';
import { siteConfigOf } from '@/lib/site-config';
import { pageVisitor } from '@/app/page-visitor';
import { pageApi } from '@/server/rpc/page-api';

interface Props {
  params: Promise<{ locale: string; orderId: string }>;
}

// The order id in the e-mailed link is the only key: never indexed, cached or leaked as a referrer.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t('orderAccommodation'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function AccommodationPage({ params }: Props) {
  const { locale: raw, orderId } = await params;
  const locale = requireLocale(raw);
  if (!isUuid(orderId)) notFound();
  setRequestLocale(locale);
  const api = pageApi(locale, await pageVisitor());
  const productVariant = productVariantOf(locale);
  const answer = await api.orderDetail({ productVariant, orderId: { id: orderId } }).catch((error: unknown) => {
    if (ConnectError.from(error).code === Code.NotFound) notFound();
    throw error;
  });
  if (answer.order.case === 'voucherOrder') redirect({ href: { pathname: '/status/[id]', params: { id: orderId } }, locale });
  if (answer.order.case !== 'hotelOrder') notFound();
  const order = hotelOrderView(answer.order.value);
  // The voucher a cancellation issued, so the page keeps showing its code after a reload.
  const voucher = order.compensationVoucherId
    ? (await api.voucherDetail({ productVariant, lookup: { case: 'voucherId', value: { id: order.compensationVoucherId } } }).catch(() => undefined))?.voucher
    : undefined;
  return <HotelOrderStatus order={order} version={answer.version.toString()} compensation={voucher ? compensationView(voucher) : undefined} site={siteConfigOf(locale)} />;
}
