import 'server-only';
import { type InternalPath, localizedPath } from '@/lib/i18n/pathnames';
import { type Locale, languageOf, VARIANTS, type VariantKey } from '@/lib/variants';
import type { Config } from '../config';
import { siteOfRequest } from '../hosts';
import { listArticles } from './articles';
import { CONTENT_PAGES, contentPageSlug } from './content-pages';
import { PARTNER_IDS } from './schemas';

export interface SitemapUrl {
  loc: string;
  /** The same page in the site's other languages (hreflang), itself included. */
  alternates: { language: string; href: string }[];
  lastModified?: string;
}

type PageRef = { path: InternalPath; params?: (locale: Locale) => Record<string, string> };

/** The pages worth finding in a search engine: no order, status or voucher-check pages. */
function indexablePages(site: VariantKey): PageRef[] {
  return [
    { path: '/' },
    { path: '/how-it-works' },
    { path: '/inspiration' },
    { path: '/contact' },
    ...(VARIANTS[site].voucherInMenu ? [{ path: '/voucher' as const }] : []),
    { path: '/edenred-2024' },
    ...PARTNER_IDS.map((partner) => ({ path: '/partner/[partner]' as const, params: () => ({ partner }) })),
    ...CONTENT_PAGES.map((page) => ({
      path: '/[...slug]' as const,
      params: (locale: Locale) => ({ slug: contentPageSlug(page, locale).join('/') }),
    })),
  ];
}

/** Every indexable page of a site in the given locales, with addresses on the site's public URL. */
export async function sitemapUrls(site: VariantKey, locales: readonly Locale[], publicUrl: string): Promise<SitemapUrl[]> {
  const url = (locale: Locale, path: InternalPath, params: Record<string, string> = {}) =>
    new URL(localizedPath(locale, path, params), publicUrl).toString();
  const urls: SitemapUrl[] = [];
  for (const locale of locales) {
    for (const page of indexablePages(site)) {
      urls.push({
        loc: url(locale, page.path, page.params?.(locale)),
        alternates:
          VARIANTS[site].locales.length > 1
            ? VARIANTS[site].locales.map((other) => ({
                language: languageOf(other),
                href: url(other, page.path, page.params?.(other)),
              }))
            : [],
      });
    }
    for (const article of await listArticles(locale)) {
      urls.push({
        loc: url(locale, '/inspiration/[...slug]', { slug: article.slug }),
        alternates: [],
        lastModified: article.date,
      });
    }
  }
  return urls;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sitemapXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map((entry) =>
    [
      '  <url>',
      `    <loc>${escapeXml(entry.loc)}</loc>`,
      ...(entry.lastModified ? [`    <lastmod>${entry.lastModified}</lastmod>`] : []),
      ...entry.alternates.map(
        (alt) => `    <xhtml:link rel="alternate" hreflang="${alt.language}" href="${escapeXml(alt.href)}"/>`,
      ),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * GET /sitemap.xml (every language of the host) and /{locale}/sitemap.xml (that language only;
 * a locale of another site is a 404). A white-label or unknown host lists nothing: it is never
 * indexed.
 */
export async function handleSitemap(request: Request, config: Config, localeSegment?: string): Promise<Response> {
  const { variant, known } = siteOfRequest(request.headers, config);
  const site = VARIANTS[variant];
  let locales: readonly Locale[] = site.locales;
  if (localeSegment !== undefined) {
    const locale = site.locales.find((l) => l === localeSegment);
    if (!locale) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } });
    locales = [locale];
  }
  const urls = known && !site.whiteLabel ? await sitemapUrls(variant, locales, config.publicUrl[variant]) : [];
  return new Response(sitemapXml(urls), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
