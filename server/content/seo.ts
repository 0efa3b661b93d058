import 'server-only';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf, type Locale, variantOfLocale } from '@/lib/variants';
import { appConfig } from '../runtime';

/** Open Graph wants territory-qualified locales. */
const OG_LOCALE = { cs: 'cs_CZ', pl: 'pl_PL', en: 'en_GB' } as const;

/** A picture for shares of pages that have none of their own: an illustration of the site's region. */
const DEFAULT_IMAGE = { cs: '/images/articles/krumlov.webp', pl: '/images/articles/mazury.webp', en: '/images/articles/mazury.webp' } as const;
/** Every illustration in public/images/articles is drawn at this size. */
const IMAGE_SIZE = { width: 1600, height: 900 } as const;

/** An address on the locale's site, from its configured public URL (never the Host header). */
export function absoluteUrl(locale: Locale, path: string): string {
  return new URL(path, appConfig().publicUrl[variantOfLocale(locale).key]).toString();
}

/**
 * The canonical URL and, on a site with more than one language (Polish and English), the
 * hreflang alternates of the same page. `pathIn` answers the page's path in another locale,
 * or undefined when the page has no counterpart there (articles are written per language).
 */
export function alternatesOf(locale: Locale, pathIn: (locale: Locale) => string | undefined) {
  const own = pathIn(locale);
  if (own === undefined) throw new Error(`the page has no path in its own locale ${locale}`);
  const site = variantOfLocale(locale);
  const languages: Record<string, string> = {};
  for (const other of site.locales) {
    const path = pathIn(other);
    if (path !== undefined) languages[languageOf(other)] = absoluteUrl(other, path);
  }
  const paired = Object.keys(languages).length > 1;
  const fallback = pathIn(site.locales[0]);
  if (paired && fallback !== undefined) languages['x-default'] = absoluteUrl(site.locales[0], fallback);
  return { canonical: absoluteUrl(locale, own), languages: paired ? languages : undefined };
}

export interface PageSeo {
  locale: Locale;
  title: string;
  description: string;
  pathIn: (locale: Locale) => string | undefined;
  image?: { path: string; alt: string };
  type?: 'website' | 'article';
  publishedTime?: string;
}

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph of a page, shaped as
 * Next's Metadata (server/ does not import Next; the page returns this object).
 */
export function pageSeo({ locale, title, description, pathIn, image, type = 'website', publishedTime }: PageSeo) {
  const alternates = alternatesOf(locale, pathIn);
  const language = languageOf(locale);
  const picture = image ?? { path: DEFAULT_IMAGE[language], alt: '' };
  return {
    title,
    description,
    alternates,
    openGraph: {
      type,
      title,
      description,
      url: alternates.canonical,
      siteName: siteConfigOf(locale).productName,
      locale: OG_LOCALE[language],
      images: [{ url: absoluteUrl(locale, picture.path), ...IMAGE_SIZE, ...(picture.alt ? { alt: picture.alt } : {}) }],
      ...(publishedTime ? { publishedTime } : {}),
    },
  };
}
