import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentArticle } from '@/components/content/content-article';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { documentPath } from '@/lib/site-config';
import { type Locale, variantOfLocale } from '@/lib/variants';
import {
  type ContentPage,
  contentPageInSiteLanguages,
  contentPageOf,
  contentPageSlug,
  isDocumentKind,
} from '@/server/content/content-pages';
import { loadFaq } from '@/server/content/faq';
import { loadCookies, loadDocument } from '@/server/content/pages';
import { pageSeo } from '@/server/content/seo';

interface Props {
  params: Promise<{ locale: string; slug: string[] }>;
}

// Rendered on the first visit and cached, like every visitor-independent page (see the layout).
export function generateStaticParams() {
  return [];
}

/** The page's title, description and body; business terms have no description of their own. */
async function load(locale: Locale, page: ContentPage) {
  if (page === 'faq') {
    const { meta, html } = await loadFaq(locale);
    return { title: meta.title, description: meta.description, html };
  }
  if (page === 'cookies') {
    const { meta, html } = await loadCookies(locale);
    return { title: meta.title, description: meta.description, html };
  }
  const { meta, html } = await loadDocument(locale, page);
  return { title: meta.title, description: undefined, html };
}

async function resolve(params: Props['params']) {
  const { locale: raw, slug } = await params;
  const locale = requireLocale(raw);
  const page = contentPageOf(slug, locale);
  if (!page) {
    // The same page under its address in another language of this site: lead to this language's.
    const same = contentPageInSiteLanguages(slug, variantOfLocale(locale).locales);
    if (same) permanentRedirect(localizedPath(locale, '/[...slug]', { slug: contentPageSlug(same, locale).join('/') }));
  }
  return { locale, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, page } = await resolve(params);
  if (!page) return {};
  const { title, description } = await load(locale, page);
  const meta = await getTranslations({ locale, namespace: 'meta' });
  return pageSeo({
    locale,
    title,
    description: description ?? meta('description'),
    pathIn: (other) => localizedPath(other, '/[...slug]', { slug: contentPageSlug(page, other).join('/') }),
  });
}

/** FAQ, cookie policy and the business terms; any other path is the 404 page. */
export default async function ContentPageRoute({ params }: Props) {
  const { locale, page } = await resolve(params);
  if (!page) notFound();
  setRequestLocale(locale);
  const { title, html } = await load(locale, page);
  const t = await getTranslations({ locale, namespace: 'content' });
  return (
    <ContentArticle
      title={title}
      html={html}
      intro={
        isDocumentKind(page) ? (
          <p>
            <a href={documentPath(locale, page)} type="application/pdf">
              {t('downloadPdf')}
            </a>
          </p>
        ) : undefined
      }
    />
  );
}
