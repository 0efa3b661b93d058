import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentArticle } from '@/components/content/content-article';
import { ArticleHeader } from '@/components/content/article-header';
import { HotelLinkForm } from '@/components/hotel/link-form';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { languageOf, type Locale } from '@/lib/variants';
import { loadArticle } from '@/server/content/articles';
import { formatCalendarDate } from '@/server/content/dates';
import { pageSeo } from '@/server/content/seo';

interface Props {
  params: Promise<{ locale: string; slug: string[] }>;
}

// Rendered on the first visit and cached, like every visitor-independent page (see the layout).
export function generateStaticParams() {
  return [];
}

/** Only a single segment names an article; anything deeper is unknown. */
async function articleOf(locale: Locale, slug: string[]) {
  const [only] = slug;
  return slug.length === 1 && only ? loadArticle(locale, only) : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, slug } = await params;
  const locale = requireLocale(raw);
  const article = await articleOf(locale, slug);
  if (!article) return {};
  return pageSeo({
    locale,
    title: article.title,
    description: article.description,
    // Articles are written for each language's readers, so no other language has this one.
    pathIn: (other) => (other === locale ? localizedPath(locale, '/inspiration/[...slug]', { slug: article.slug }) : undefined),
    image: { path: article.image, alt: article.imageAlt },
    type: 'article',
    publishedTime: article.date,
  });
}

export default async function ArticlePage({ params }: Props) {
  const { locale: raw, slug } = await params;
  const locale = requireLocale(raw);
  const article = await articleOf(locale, slug);
  if (!article) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'content' });
  return (
    <ContentArticle
      title={article.title}
      html={article.html}
      intro={
        <ArticleHeader
          dateIso={article.date}
          dateText={t('publishedOn', { date: formatCalendarDate(article.date, languageOf(locale)) })}
          readingTime={t('readingTime', { minutes: article.readingMinutes })}
          tagsLabel={t('tags')}
          tags={article.tags}
          image={
            <Image
              src={article.image}
              alt={article.imageAlt}
              width={1600}
              height={900}
              sizes="(min-width: 800px) 736px, 100vw"
              priority
            />
          }
          imageCredit={article.imageCredit}
        />
      }
    >
      <HotelLinkForm locale={locale} />
      <p>
        <Link href="/inspiration">{t('allArticles')}</Link>
      </p>
    </ContentArticle>
  );
}
