import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type InternalPath, localizedPath, pathnames } from '@/lib/i18n/pathnames';
import { languageOf, type Locale, VARIANT_KEYS, VARIANTS } from '@/lib/variants';
import { contentPageSlug } from '@/server/content/content-pages';
import { type Seeded, seedVoucher, type SiteKey } from '../bench/lib/seed.mts';
import { REPO, SITE_HOSTS } from '../bench/lib/site-server.mts';

/** Budgets as multiples of the bare Next.js page (issue 6). */
export const BUDGET = { content: 1.25, api: 1.6 } as const;

/** Routes whose forms or live views call the API from the browser; every other is shell or content. */
const API_ROUTES: ReadonlySet<InternalPath> = new Set<InternalPath>([
  '/order',
  '/order/reservation/[orderId]',
  '/order/accommodation/[orderId]',
  '/status/[id]',
  '/voucher-status',
  '/voucher-status/[id]',
  '/contact',
  '/voucher',
]);

export interface Route {
  name: string;
  kind: keyof typeof BUDGET;
  budget: number;
  samples: { site: SiteKey; locale: Locale; path: string }[];
}

/** An order or voucher id that exists nowhere: pages for ids answer their not-found state. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

function firstArticle(locale: Locale): string {
  const dir = join(REPO, 'content', 'articles', languageOf(locale));
  let slugs: string[] = [];
  try {
    slugs = readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
  } catch {
    // No content in this language yet: the route then shows its not-found page.
  }
  return slugs[0] ?? 'none-yet';
}

/** Seeds a paid voucher order on every site that sells vouchers. */
export async function seedAll(port: number): Promise<Partial<Record<SiteKey, Seeded>>> {
  const seeded: Partial<Record<SiteKey, Seeded>> = {};
  for (const site of VARIANT_KEYS) {
    seeded[site] = await seedVoucher(port, `${SITE_HOSTS[site]}:${port}`, site);
  }
  return seeded;
}

/** Parameters of a representative URL of a route in one site and language. */
function paramsFor(path: InternalPath, site: SiteKey, locale: Locale, seeded: Partial<Record<SiteKey, Seeded>>): Record<string, string> {
  switch (path) {
    case '/order/reservation/[orderId]':
    case '/order/accommodation/[orderId]':
      return { orderId: NO_SUCH_ID };
    case '/status/[id]':
      return { id: seeded[site]?.orderId ?? NO_SUCH_ID };
    case '/voucher-status/[id]':
      return { id: seeded[site]?.voucherId ?? NO_SUCH_ID };
    case '/inspiration/[...slug]':
      return { slug: firstArticle(locale) };
    case '/partner/[partner]':
      return { partner: 'up' };
    case '/[...slug]':
      return { slug: contentPageSlug('faq', locale).join('/') };
    default:
      if (path.includes('[')) throw new Error(`check-weight does not know a representative URL for ${path}: add one here`);
      return {};
  }
}

/** Every route of the spec (lib/i18n/pathnames.ts) plus the 404 page, on every site and language. */
export function routesToWeigh(seeded: Partial<Record<SiteKey, Seeded>>): Route[] {
  const sites = VARIANT_KEYS.flatMap((site) => VARIANTS[site].locales.map((locale) => ({ site, locale })));
  const routes: Route[] = (Object.keys(pathnames) as InternalPath[]).map((path) => {
    const kind = API_ROUTES.has(path) ? 'api' : 'content';
    return {
      name: path,
      kind,
      budget: BUDGET[kind],
      samples: sites.map(({ site, locale }) => ({ site, locale, path: localizedPath(locale, path, paramsFor(path, site, locale, seeded)) })),
    };
  });
  routes.push({
    name: '404',
    kind: 'content',
    budget: BUDGET.content,
    samples: sites.map(({ site, locale }) => ({ site, locale, path: localizedPath(locale, '/[...slug]', { slug: 'no-such-page/at-all' }) })),
  });
  return routes;
}
