import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ArticleList } from '@/components/content/article-list';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { languageOf } from '@/lib/variants';
import { listArticles } from '@/server/content/articles';
import { formatCalendarDate } from '@/server/content/dates';
import { pageSeo } from '@/server/content/seo';
import styles from '../page-layout.module.css';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const t = await getTranslations({ locale, namespace: 'content' });
  return pageSeo({
    locale,
    title: pages('inspiration'),
    description: t('inspirationLead'),
    pathIn: (other) => localizedPath(other, '/inspiration'),
  });
}

export default async function InspirationPage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const t = await getTranslations({ locale, namespace: 'content' });
  const articles = await listArticles(locale);
  return (
    <div className={styles.page}>
      <h1>{pages('inspiration')}</h1>
      <p className={styles.lead}>{t('inspirationLead')}</p>
      <ArticleList
        locale={locale}
        articles={articles.map((article) => ({
          ...article,
          dateIso: article.date,
          dateText: formatCalendarDate(article.date, languageOf(locale)),
        }))}
      />
    </div>
  );
}
