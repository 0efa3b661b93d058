/**
 * Lighthouse rows of `npm run bench -- --only=lighthouse` (issue #20): the bare Next.js static
 * page first, then each page type of each site in the same run, every row held to within
 * LIGHTHOUSE_TARGET points of the bare page. Pages that show an order, a preview or a stored
 * availability get theirs through the API right before they are measured (availabilities and
 * previews expire).
 */
import { localizedPath } from '@/lib/i18n/pathnames';
import type { Locale } from '@/lib/variants';
import { httpGet } from './lib/http.mts';
import { type LighthouseFigures, measureLighthouse } from './lib/lighthouse.mts';
import { rpc, seedVoucher, type SiteKey, VARIANT_JSON } from './lib/seed.mts';
import { SITE_HOSTS } from './lib/site-server.mts';

/** How many points below the bare Next.js page a page may score (#20). */
export const LIGHTHOUSE_TARGET = 3;

export interface LighthouseRow extends LighthouseFigures {
  site: string;
  page: string;
  url: string;
  /** Points against the bare Next.js static page of the same run (negative = worse). */
  delta: number;
}

export interface LighthouseOptions {
  sitePort: number;
  barePort: number;
  runs?: number;
  /** Only these page types (their keys: home, article, order, reservation, voucher, status) and sites (cz, pl, pluxee); all when unset. */
  pages?: string[];
  sites?: string[];
  /** Skipped pages and why are added here. */
  notes: string[];
  log?: (line: string) => void;
}

interface SiteInfo {
  key: SiteKey;
  locale: Locale;
  /** The language a visitor of this site browses in, so no page answers with a language redirect. */
  language: string;
  /** A simulator hotel of the site's country and its Booking.com link as a visitor copies it. */
  hotelId: string;
  link: string;
  article: string;
  sellsVouchers: boolean;
}

const SITES: SiteInfo[] = [
  {
    key: 'cz',
    locale: 'cs',
    language: 'cs-CZ,cs;q=0.9,en;q=0.8',
    hotelId: '1120301',
    link: 'https://www.booking.com/hotel/cz/vltava-riverside-prague.cs.html',
    article: 'cesky-krumlov-mimo-sezonu',
    sellsVouchers: true,
  },
  {
    key: 'pl',
    locale: 'pl',
    language: 'pl-PL,pl;q=0.9,en;q=0.8',
    hotelId: '2230104',
    link: 'https://www.booking.com/hotel/pl/wawel-residence-krakow.pl.html',
    article: 'zakopane-i-tatry',
    sellsVouchers: false,
  },
  {
    key: 'pluxee',
    locale: 'cs-pluxee',
    language: 'cs-CZ,cs;q=0.9,en;q=0.8',
    hotelId: '1120415',
    link: 'https://www.booking.com/hotel/cz/spilberk-garden-brno.cs.html',
    article: 'cesky-krumlov-mimo-sezonu',
    sellsVouchers: true,
  },
];

/** A page type: how to get its path on a site ({ skip } = not there, and why), and what its HTML must show. */
interface PageType {
  /** What `--pages=` names it by. */
  key: string;
  name: string;
  path(site: SiteInfo, api: Api, notes: string[]): Promise<string | { skip: string }>;
  /** Text the served HTML must contain, so a row never measures an error or an expired page. */
  shows?: string[];
}

/** The site's API as its pages call it (the site's product variant filled in), and where it answers. */
type Api = ((method: string, body: object) => Promise<unknown>) & { port: number; host: string };

interface Availability {
  availabilityId: { id: string };
  hotelAvailability: { rooms: { products: { productId: { id: string }; orderability?: { isAvailable?: boolean } }[] }[] };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Two nights for two, 40 days ahead, stored by the server under an id (for AVAILABILITY_CACHE_SECONDS). */
async function availability(site: SiteInfo, api: Api): Promise<Availability> {
  const hotelRequest = { hotelId: { id: site.hotelId }, checkIn: inDays(40), checkOut: inDays(42), rooms: 1, adults: 2 };
  return (await api('HotelAvailability', { bySpecification: { hotelRequest } })) as Availability;
}

/** A priced preview of one room paid by card, as the order page's first step leaves it. */
async function preview(site: SiteInfo, api: Api): Promise<string> {
  const stored = await availability(site, api);
  const product = stored.hotelAvailability.rooms.flatMap((room) => room.products).find((p) => p.orderability?.isAvailable);
  if (!product) throw new Error(`hotel ${site.hotelId} offers nothing orderable`);
  const answer = (await api('HotelOrderPreview', {
    bySpecification: { availabilityId: stored.availabilityId, productIds: [product.productId] },
    paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
  })) as { previewId: { id: string } };
  return answer.previewId.id;
}

/** A hotel order left waiting for its card payment: the order status of a site that sells no vouchers. */
async function hotelOrder(site: SiteInfo, api: Api): Promise<string> {
  const previewId = await preview(site, api);
  const answer = (await api('HotelOrderCreate', {
    previewId: { id: previewId },
    paymentRequest: { lastPayment: { methodId: { id: 'payment_card' } } },
    order: {
      firstName: 'Anna',
      lastName: 'Kowalska',
      email: 'perf@example.pl',
      mobile: '+48 123 456 789',
      contactAddress: { streetAddress: 'Floriańska 1', city: 'Kraków', country: 'PL', postalCode: '31-019' },
      agreeCp: true,
      agreeTac: true,
    },
  })) as { order: { orderId: { id: string } } };
  return answer.order.orderId.id;
}

const PAGES: PageType[] = [
  { key: 'home', name: 'home', path: async () => '/' },
  {
    key: 'article',
    name: 'article',
    path: async (site) => localizedPath(site.locale, '/inspiration/[...slug]', { slug: site.article }),
  },
  {
    key: 'order',
    name: 'order (hotel and rooms)',
    // The link without dates and the stored answer in the address: a reload after a check.
    path: async (site, api) =>
      `${localizedPath(site.locale, '/order')}?url=${encodeURIComponent(site.link)}&availability=${(await availability(site, api)).availabilityId.id}`,
    shows: ['data-testid="hotel-card"', 'data-testid="room-product"'],
  },
  {
    key: 'reservation',
    name: 'reservation',
    path: async (site, api) => localizedPath(site.locale, '/order/reservation/[orderId]', { orderId: await preview(site, api) }),
    shows: ['id="reservation-title"'],
  },
  {
    key: 'voucher',
    name: 'voucher purchase',
    path: async (site) => (site.sellsVouchers ? localizedPath(site.locale, '/voucher') : { skip: 'the site sells no vouchers' }),
  },
  {
    key: 'status',
    name: 'order status',
    path: async (site, api, notes) => {
      // Voucher orders have the status page; a hotel order's status is its accommodation page.
      if (!site.sellsVouchers) {
        notes.push(`lighthouse ${site.key} order status: a waiting hotel order's page (the site sells no vouchers)`);
        return localizedPath(site.locale, '/order/accommodation/[orderId]', { orderId: await hotelOrder(site, api) });
      }
      const seeded = await seedVoucher(api.port, api.host, site.key);
      if (!seeded) return { skip: 'no voucher order could be placed' };
      return localizedPath(site.locale, '/status/[id]', { id: seeded.orderId });
    },
  },
];

/** The bare Next.js static page, then every page type of every site, measured one after another. */
export async function lighthouseRows(options: LighthouseOptions): Promise<LighthouseRow[]> {
  const { sitePort, barePort, notes, runs } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const rows: LighthouseRow[] = [];
  const measure = async (site: string, page: string, url: string, language?: string) => {
    const started = Date.now();
    const figures = await measureLighthouse(url, { runs, language });
    const delta = rows.length ? figures.score - rows[0]!.score : 0;
    rows.push({ site, page, url, delta, ...figures });
    log(`  ${site}: ${page} … ${figures.score.toFixed(0)} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  };
  await measure('bare Next', 'static page', `http://localhost:${barePort}/`);
  for (const site of SITES.filter((candidate) => !options.sites || options.sites.includes(candidate.key))) {
    const host = `${SITE_HOSTS[site.key]}:${sitePort}`;
    const call = (method: string, body: object) => rpc(sitePort, host, method, { productVariant: VARIANT_JSON[site.key], ...body });
    const api: Api = Object.assign(call, { port: sitePort, host });
    for (const page of PAGES.filter((candidate) => !options.pages || options.pages.includes(candidate.key))) {
      const path = await page.path(site, api, notes).catch((error: unknown) => ({ skip: `could not be prepared: ${String(error)}` }));
      if (typeof path !== 'string') {
        notes.push(`lighthouse ${site.key} ${page.name}: skipped (${path.skip})`);
        continue;
      }
      // Checked once before measuring; this also loads the route's server code, so no run pays for a cold start.
      const served = await httpGet(sitePort, path, { host, headers: { 'accept-language': site.language } });
      const html = served.body.toString('utf8');
      const missing = page.shows?.filter((text) => !html.includes(text)) ?? [];
      if (served.status !== 200 || missing.length) {
        notes.push(`lighthouse ${site.key} ${page.name}: skipped (${path} answered ${served.status}${missing.length ? `, without ${missing.join(', ')}` : ''})`);
        continue;
      }
      await measure(site.key, page.name, `http://${host}${path}`, site.language);
    }
  }
  return rows;
}

/** A script of a row by what it is: a chunk by its path, the page's own HTML (its inline scripts), or Lighthouse's words. */
function scriptName(row: LighthouseRow, url: string): string {
  if (url === row.url) return 'the HTML (inline scripts)';
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  return parsed.origin === new URL(row.url).origin ? parsed.pathname : url;
}

/** The printed table: each row's figures against the bare page, the verdict, and its costliest scripts beneath. */
export function lighthouseTable(rows: LighthouseRow[], notes: string[], seconds: number): string[] {
  const runs = rows[0]?.runs ?? 0;
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
  const lines = [
    '',
    `Lighthouse: mobile, simulated throttling, performance only; median of ${runs} run(s) per page; ${(seconds / 60).toFixed(1)} min in all`,
    `target: within ${LIGHTHOUSE_TARGET} points of the bare Next.js static page`,
    `${'site'.padEnd(10)} ${'page'.padEnd(24)} score  Δ bare       FCP      LCP      TBT    CLS`,
  ];
  for (const [index, row] of rows.entries()) {
    const verdict = index === 0 ? '' : row.delta >= -LIGHTHOUSE_TARGET ? ' ✓' : ' ✗';
    const delta = index === 0 ? '' : `${row.delta > 0 ? '+' : ''}${row.delta.toFixed(0)}${verdict}`;
    lines.push(
      `${row.site.padEnd(10)} ${row.page.padEnd(24)} ${row.score.toFixed(0).padStart(5)}  ${delta.padEnd(6)} ${ms(row.fcp)} ${ms(row.lcp)} ${ms(row.tbt)} ${row.cls.toFixed(3).padStart(6)}`,
      `${''.padEnd(10)} top scripts: ${row.topScripts.map((s) => `${scriptName(row, s.url)} ${s.total.toFixed(0)} ms (scripting ${s.scripting.toFixed(0)})`).join('; ')}`,
    );
  }
  for (const note of notes) lines.push(`note: ${note}`);
  return lines;
}
