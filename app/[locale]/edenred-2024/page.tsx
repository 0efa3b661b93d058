import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ContentArticle } from '@/components/content/content-article';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { loadEdenred2024 } from '@/server/content/pages';
import { pageSeo } from '@/server/content/seo';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const { meta } = await loadEdenred2024(locale);
  return pageSeo({ locale, ...meta, pathIn: (other) => localizedPath(other, '/edenred-2024') });
}

/** The ended promotion's terms; dates and amounts come from the promotion record pricing used. */
export default async function Edenred2024Page({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const page = await loadEdenred2024(locale);
  return <ContentArticle title={page.meta.title} html={page.html} />;
}
