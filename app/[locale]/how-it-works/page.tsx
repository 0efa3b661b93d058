import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentArticle } from '@/components/content/content-article';
import { HotelLinkForm } from '@/components/hotel/link-form';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { contentPageSlug } from '@/server/content/content-pages';
import { loadHowItWorks } from '@/server/content/pages';
import { pageSeo } from '@/server/content/seo';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const { meta } = await loadHowItWorks(locale);
  return pageSeo({ locale, ...meta, pathIn: (other) => localizedPath(other, '/how-it-works') });
}

export default async function HowItWorksPage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const page = await loadHowItWorks(locale);
  const t = await getTranslations({ locale, namespace: 'content' });
  return (
    <ContentArticle title={page.meta.title} html={page.html}>
      <p>
        <Link href={{ pathname: '/[...slug]', params: { slug: contentPageSlug('faq', locale) } }}>{t('faqLink')}</Link>
      </p>
      <HotelLinkForm locale={locale} />
    </ContentArticle>
  );
}
