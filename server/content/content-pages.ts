import { DOCUMENT_KINDS } from '@/lib/site-config';
import { type Language, languageOf, type Locale } from '@/lib/variants';

/**
 * The pages served by the catch-all route (`/{slug}`), with their address in each language.
 * The business terms are the Markdown sources of the footer's PDFs; the FAQ and the cookie
 * policy live in content/pages/. Any other slug is the 404 page.
 */
export const CONTENT_PAGE_SLUGS = {
  faq: { cs: 'caste-dotazy', pl: 'czeste-pytania', en: 'faq' },
  'terms-of-service': { cs: 'obchodni-podminky', pl: 'regulamin', en: 'terms-of-service' },
  'privacy-policy': { cs: 'ochrana-osobnich-udaju', pl: 'polityka-prywatnosci', en: 'privacy-policy' },
  'cancellation-policy': { cs: 'storno-podminky', pl: 'warunki-anulowania', en: 'cancellation-policy' },
  'complaints-procedure': { cs: 'reklamacni-rad', pl: 'procedura-reklamacyjna', en: 'complaints-procedure' },
  cookies: { cs: 'cookies', pl: 'cookies', en: 'cookies' },
} as const satisfies Record<string, Record<Language, string>>;

export type ContentPage = keyof typeof CONTENT_PAGE_SLUGS;
export const CONTENT_PAGES = Object.keys(CONTENT_PAGE_SLUGS) as ContentPage[];

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export function isDocumentKind(page: ContentPage): page is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(page);
}

/** The catch-all path segments of a page in a locale, e.g. ['caste-dotazy']. */
export function contentPageSlug(page: ContentPage, locale: Locale): string[] {
  return [CONTENT_PAGE_SLUGS[page][languageOf(locale)]];
}

/** The page a catch-all path names in a locale, or undefined for the 404 page. */
export function contentPageOf(slug: readonly string[], locale: Locale): ContentPage | undefined {
  if (slug.length !== 1) return undefined;
  const language = languageOf(locale);
  return CONTENT_PAGES.find((page) => CONTENT_PAGE_SLUGS[page][language] === slug[0]);
}

/**
 * The page a catch-all path names in another language of the same site (`/en/regulamin` on the
 * Polish site: the language switcher keeps the path's segments), so it can lead to that page's
 * address in the language asked for instead of the 404 page.
 */
export function contentPageInSiteLanguages(slug: readonly string[], locales: readonly Locale[]): ContentPage | undefined {
  for (const other of locales) {
    const page = contentPageOf(slug, other);
    if (page) return page;
  }
  return undefined;
}
