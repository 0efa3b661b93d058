import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ComingSoon } from '@/components/layout/coming-soon';
import { isPartner } from '@/lib/route-params';
import type { Locale } from '@/lib/variants';

interface Props {
  params: Promise<{ locale: string; partner: string }>;
}

async function title(locale: Locale, partner: string) {
  const t = await getTranslations({ locale });
  return t('pages.partner', { partner: t(`partners.${partner as 'up'}`) });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, partner } = await params;
  return isPartner(partner) ? { title: await title(locale as Locale, partner) } : {};
}

export default async function PartnerPage({ params }: Props) {
  const { locale, partner } = await params;
  if (!isPartner(partner)) notFound();
  setRequestLocale(locale as Locale);
  return <ComingSoon locale={locale as Locale} title={await title(locale as Locale, partner)} />;
}
