import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ComingSoon } from '@/components/layout/coming-soon';
import { requireLocale } from '@/lib/i18n/require-locale';
import { isPartner, type Partner } from '@/lib/route-params';
import type { Locale } from '@/lib/variants';

interface Props {
  params: Promise<{ locale: string; partner: string }>;
}

async function title(locale: Locale, partner: Partner) {
  const t = await getTranslations({ locale });
  return t('pages.partner', { partner: t(`partners.${partner}`) });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, partner } = await params;
  return isPartner(partner) ? { title: await title(requireLocale(locale), partner) } : {};
}

export default async function PartnerPage({ params }: Props) {
  const { locale: raw, partner } = await params;
  const locale = requireLocale(raw);
  if (!isPartner(partner)) notFound();
  setRequestLocale(locale);
  return <ComingSoon locale={locale} title={await title(locale, partner)} />;
}
