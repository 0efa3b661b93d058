import { describe, expect, it } from 'vitest';
import { listArticles, loadArticle } from '@/server/content/articles';
import { CONTENT_PAGES, contentPageOf, contentPageSlug, isDocumentKind } from '@/server/content/content-pages';
import { loadFaq } from '@/server/content/faq';
import { loadCookies, loadDocument, loadEdenred2024, loadHowItWorks, loadPartner } from '@/server/content/pages';
import { PARTNER_IDS } from '@/server/content/schemas';
import { LOCALES } from '@/lib/variants';

/** Every file the site serves loads: a broken one fails here before it fails a build. */
describe.each(LOCALES)('the content of %s', (locale) => {
  it('has valid pages, partner pages and at least three articles', async () => {
    await loadHowItWorks(locale);
    await loadCookies(locale);
    expect((await loadFaq(locale)).featured).toHaveLength(4);
    for (const partner of PARTNER_IDS) expect((await loadPartner(locale, partner)).html).not.toContain('{{');
    const articles = await listArticles(locale);
    expect(articles.length).toBeGreaterThanOrEqual(3);
    for (const { slug } of articles) expect((await loadArticle(locale, slug))?.html).toMatch(/<h2/);
  });

  it('serves every catch-all page under its own slug', async () => {
    for (const page of CONTENT_PAGES) {
      expect(contentPageOf(contentPageSlug(page, locale), locale)).toBe(page);
      if (isDocumentKind(page)) expect((await loadDocument(locale, page)).html).not.toContain('{{');
    }
    expect(contentPageOf(['no-such-page'], locale)).toBeUndefined();
  });
});

describe('the Edenred 2024 page', () => {
  it.each([
    ['cs', '31. prosince 2024', '22\u00a0000\u00a0Kč'],
    ['pl', '31 grudnia 2024', '22\u00a0000\u00a0CZK'],
    ['en', '31 December 2024', 'CZK\u00a022,000'],
  ] as const)('in %s states the end date and cap of the promotion record', async (locale, end, cap) => {
    const { html } = await loadEdenred2024(locale);
    expect(html).toContain(end);
    expect(html).toContain(cap);
  });
});
