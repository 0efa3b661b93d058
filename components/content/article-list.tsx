import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/variants';
import styles from './article-list.module.css';

export interface ArticleCard {
  slug: string;
  title: string;
  description: string;
  dateIso: string;
  dateText: string;
  readingMinutes: number;
  image: string;
  imageAlt: string;
}

/** The inspiration list; a language without articles says so and offers the way to book. */
export async function ArticleList({ locale, articles }: { locale: Locale; articles: ArticleCard[] }) {
  const t = await getTranslations({ locale, namespace: 'content' });
  if (articles.length === 0) {
    return (
      <section className={styles.empty} aria-labelledby="articles-empty">
        <h2 id="articles-empty">{t('emptyTitle')}</h2>
        <p>{t('emptyText')}</p>
        <p>
          <Link href="/how-it-works">{t('emptyLink')}</Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <p className={styles.count}>{t('articleCount', { count: articles.length })}</p>
      <ul className={styles.list}>
        {articles.map((article, index) => (
          <li key={article.slug} className={styles.card}>
            <Image
              src={article.image}
              alt={article.imageAlt}
              width={1600}
              height={900}
              sizes="(min-width: 1152px) 360px, (min-width: 700px) 50vw, 100vw"
              className={styles.image}
              priority={index === 0}
            />
            <div className={styles.body}>
              <h2 className={styles.title}>
                <Link href={{ pathname: '/inspiration/[...slug]', params: { slug: [article.slug] } }}>
                  {article.title}
                </Link>
              </h2>
              <p className={styles.meta}>
                <time dateTime={article.dateIso}>{article.dateText}</time>
                {' · '}
                {t('readingTime', { minutes: article.readingMinutes })}
              </p>
              <p className={styles.description}>{article.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
