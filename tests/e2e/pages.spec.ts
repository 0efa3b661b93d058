import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { WCAG_21_AA } from './support/axe';
import { type InternalPath, localizedPath } from '../../lib/i18n/pathnames';
import { languageOf, type Locale } from '../../lib/variants';
import { CONTENT_PAGES, contentPageSlug } from '../../server/content/content-pages';
import { type OwnServer, startOwnServer } from './support/own-server';
import { layoutShift, raw, site, visit } from './support/sites';

const PARTNERS = ['up', 'pluxee', 'edenred', 'benefit-systems'];

const SITES = [
  { host: 'localhost', locale: 'cs' },
  { host: 'pl.localhost', locale: 'pl' },
  { host: 'pl.localhost', locale: 'en' },
  { host: 'pluxee.localhost', locale: 'cs-pluxee' },
] as const;

function articleSlugs(locale: Locale): string[] {
  return readdirSync(`content/articles/${languageOf(locale)}`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -3));
}

/** Every content page of a locale, as its public path. */
function contentPaths(locale: Locale): string[] {
  const simple: InternalPath[] = ['/', '/how-it-works', '/inspiration', '/edenred-2024'];
  return [
    ...simple.map((p) => localizedPath(locale, p)),
    ...PARTNERS.map((partner) => localizedPath(locale, '/partner/[partner]', { partner })),
    ...CONTENT_PAGES.map((page) => localizedPath(locale, '/[...slug]', { slug: contentPageSlug(page, locale).join('/') })),
    ...articleSlugs(locale).map((slug) => localizedPath(locale, '/inspiration/[...slug]', { slug })),
  ];
}

test.describe.configure({ mode: 'parallel' });

for (const { host, locale } of SITES) {
  for (const pagePath of contentPaths(locale)) {
    test(`${host}${pagePath} renders in ${locale} without axe violations`, async ({ page }) => {
      const response = await visit(page, site(host) + pagePath);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', languageOf(locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.locator('body')).not.toContainText('{{');
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      expect(await layoutShift(page), 'cumulative layout shift').toBe(0);
    });
  }
}

const FORM_PAGES: InternalPath[] = ['/order', '/voucher', '/voucher-status', '/contact'];

for (const { host, locale } of SITES) {
  test(`the form pages of ${host} in ${locale} load without layout shift`, async ({ page }) => {
    for (const internal of FORM_PAGES) {
      const pagePath = localizedPath(locale, internal);
      const response = await visit(page, site(host) + pagePath);
      // The voucher shop exists only where vouchers are sold.
      if (response?.status() === 404) continue;
      expect(response?.status(), pagePath).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page), `cumulative layout shift of ${pagePath}`).toBe(0);
    }
  });
}

test('the home page offers the hotel link, the providers of its site and the voucher where it is sold', async ({ page }) => {
  await visit(page, site('localhost'));
  await expect(page.getByLabel('Odkaz na hotel z Booking.com')).toBeVisible();
  const providers = page.getByRole('region', { name: 'Jaké benefity přijímáme' }).getByRole('link');
  await expect(providers).toHaveText(['Edenred', 'Pluxee', 'Up']);
  await expect(page.getByRole('link', { name: 'Koupit dárkový poukaz' })).toBeVisible();
  await page.getByText('Můžu platbu rozdělit?').click();
  await expect(page.getByText('Cenu můžete rozdělit mezi dva způsoby platby')).toBeVisible();

  await visit(page, `${site('pl.localhost')}/en`);
  await expect(page.getByRole('region', { name: 'Benefits we accept' }).getByRole('link')).toHaveText(['Benefit Systems']);
  await expect(page.getByRole('heading', { name: 'A gift voucher for a stay' })).toHaveCount(0);
});

test('partner pages show the fee from the payment-method table', async ({ page }) => {
  await visit(page, `${site('localhost')}/partner/up`);
  await expect(page.getByText('Servisní poplatek při platbě benefity Up: 6,9 %')).toBeVisible();
  await visit(page, `${site('pl.localhost')}/en/partner/benefit-systems`);
  await expect(page.getByText('Service fee when paying with Benefit Systems: 10%')).toBeVisible();
  await visit(page, `${site('pluxee.localhost')}/partner/edenred`);
  await expect(page.getByText('Služba Pluxee Dovolená v tuto chvíli nepřijímá benefity Edenred.')).toBeVisible();
});

test('the Edenred 2024 page says the promotion ended', async ({ page }) => {
  await visit(page, `${site('localhost')}/edenred-2024`);
  await expect(page.getByText('31. prosince 2024').first()).toBeVisible();
});

test('pages carry a canonical URL, hreflang alternates and an Open Graph image', async ({ page }) => {
  await visit(page, `${site('pl.localhost')}/jak-to-dziala`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site('pl.localhost')}/jak-to-dziala`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${site('pl.localhost')}/en/how-it-works`);
  await expect(page.locator('link[rel="alternate"][hreflang="pl"]')).toHaveAttribute('href', `${site('pl.localhost')}/jak-to-dziala`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/pl\.localhost:3100\/images\//);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
  await visit(page, `${site('localhost')}/caste-dotazy`);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
});

test('unknown content and article addresses are the 404 page', async ({ page }) => {
  for (const url of [`${site('localhost')}/neexistuje`, `${site('localhost')}/inspirace/neni`, `${site('pl.localhost')}/en/faq/more`]) {
    const response = await visit(page, url);
    expect(response?.status(), url).toBe(404);
  }
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
}

test.describe('sitemaps and robots', () => {
  test('the Czech sitemap lists exactly its indexable pages', async () => {
    const response = await raw('/sitemap.xml', { host: 'localhost:3100' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const expected = [...contentPaths('cs'), '/kontakt', '/voucher'].map((p) => site('localhost') + p);
    expect(locs(response.body).sort()).toEqual(expected.sort());
  });

  test('the Polish sitemaps list Polish and English pages with hreflang pairs', async () => {
    const all = await raw('/sitemap.xml', { host: 'pl.localhost:3100' });
    const expected = [...contentPaths('pl'), '/kontakt', ...contentPaths('en'), '/en/contact'].map((p) => site('pl.localhost') + p);
    expect(locs(all.body).sort()).toEqual(expected.sort());
    expect(all.body).toContain(`hreflang="en" href="${site('pl.localhost')}/en/how-it-works"`);

    const english = await raw('/en/sitemap.xml', { host: 'pl.localhost:3100' });
    expect(english.status).toBe(200);
    expect(locs(english.body).every((loc) => loc.startsWith(`${site('pl.localhost')}/en`))).toBe(true);
    expect(locs(english.body)).toContain(`${site('pl.localhost')}/en/inspiration/masuria-lakes-by-boat`);
  });

  test('a locale of another site has no sitemap, and the white label lists nothing', async () => {
    expect((await raw('/en/sitemap.xml', { host: 'localhost:3100' })).status).toBe(404);
    expect((await raw('/cs/sitemap.xml', { host: 'localhost:3100' })).status).toBe(200);
    const pluxee = await raw('/sitemap.xml', { host: 'pluxee.localhost:3100' });
    expect(pluxee.status).toBe(200);
    expect(locs(pluxee.body)).toEqual([]);
  });

  test('robots.txt lets crawlers in only on production own-brand hosts', async () => {
    for (const [host, env] of [['localhost', 'test'], ['pl.localhost', 'test'], ['pluxee.localhost', 'prod']] as const) {
      const response = await raw('/robots.txt', { host, env });
      expect(response.body, `${host} ${env}`).toBe('User-agent: *\nDisallow: /\n');
    }
    const prod = await raw('/robots.txt', { host: 'pl.localhost', env: 'prod' });
    expect(prod.body).toContain('Allow: /\n');
    expect(prod.body).toContain('Sitemap: http://pl.localhost:3101/sitemap.xml');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test('the menu and the language choice are plain links', async ({ page }) => {
    await page.goto(`${site('pl.localhost')}/jak-to-dziala`);
    const nav = page.getByRole('navigation', { name: 'Menu główne' });
    await expect(nav.getByRole('link', { name: 'Kontakt' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Otwórz menu' })).toBeHidden();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${site('pl.localhost')}/en/how-it-works`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/**
 * The article list is read from the content folder on each request. A server of our own (same
 * build, port 3102, its own PGlite) serves a copy of the content with no Polish articles and
 * takes an English article added while it runs.
 */
test.describe('articles as files', () => {
  test.describe.configure({ mode: 'serial' });
  const port = 3102;
  let dir = '';
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = await mkdtemp(path.join(tmpdir(), 'dzb-pages-'));
    await cp('content', path.join(dir, 'content'), { recursive: true });
    await rm(path.join(dir, 'content/articles/pl'), { recursive: true });
    server = await startOwnServer(port, { PGLITE_DIR: path.join(dir, 'pglite'), CONTENT_DIR: path.join(dir, 'content') });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a language without articles shows the empty state', async ({ page }) => {
    await visit(page, `http://pl.localhost:${port}/inspiracje`);
    await expect(page.getByRole('heading', { name: 'Nie ma jeszcze artykułów' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zobacz, jak to działa' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('an article added as a file appears in the list and has its page', async ({ page }) => {
    await writeFile(
      path.join(dir, 'content/articles/en/a-test-weekend-in-wroclaw.md'),
      [
        '---',
        'title: A test weekend in Wrocław',
        'description: Bridges, islands and dwarfs, written by the end-to-end test.',
        'date: 2099-01-01',
        'image: /images/articles/gdansk.webp',
        'imageAlt: A waterfront with gabled houses',
        'imageCredit: "Illustration: editorial team, CC0 1.0"',
        'tags:',
        '  - city',
        '---',
        '',
        '## Why go',
        '',
        'Because {{productName}} says so.',
        '',
      ].join('\n'),
    );
    await visit(page, `http://pl.localhost:${port}/en/inspiration`);
    const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
    await expect(first.getByRole('heading', { level: 2 })).toHaveText('A test weekend in Wrocław');
    await first.getByRole('link', { name: 'A test weekend in Wrocław' }).click();
    await expect(page).toHaveURL(`http://pl.localhost:${port}/en/inspiration/a-test-weekend-in-wroclaw`);
    await expect(page.getByText('Because Wakacje za benefity says so.')).toBeVisible();
  });
});
