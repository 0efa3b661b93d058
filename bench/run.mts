/**
 * `npm run bench` (on demand, never part of npm test): throughput and latency of this site beside
 * a bare Next.js app of the same versions and a bare node:http + database lookup, in one run on
 * one machine, so the ratios mean something. Needs a production build (`npm run build`).
 * Ports 3100 (site), 3101 (bare Next.js), 3180 (Varnish), 3199 (bare node:http).
 * Exits non-zero when a read misses its target (printed last). Latencies are to the microsecond.
 * BENCH_SECONDS per run (8), BENCH_ROUNDS of each read beside its floor (3); `--only=pages,reads,cache,lighthouse`
 * runs some parts (the bare Next.js rows always). `lighthouse` needs Chromium (LIGHTHOUSE_RUNS per page, 5; LIGHTHOUSE_REPORTS=<folder> keeps each run's report and trace);
 * `--pages=home,reservation` and `--sites=pl,pluxee` restrict its rows (keys in bench/lighthouse.mts).
 * `--soak` runs the soak test instead (bench/soak.mts; PostgreSQL, ports 3200 and 3202).
 * `--traffic` runs the traffic test instead (bench/traffic.mts; PostgreSQL, ports 3210 and 3212;
 * `--scale=0.1`, `--minutes=1` for a short run).
 */
import { join } from 'node:path';
import { localizedPath } from '@/lib/i18n/pathnames';
import { lighthouseRows, lighthouseTable } from './lighthouse.mts';
import { buildBareNext, startBareNext } from './lib/bare-next.mts';
import { assertPortFree, httpGet, waitForOk } from './lib/http.mts';
import { load, type Result, type Target } from './lib/load.mts';
import { startProcess } from './lib/processes.mts';
import { rpc, seedAvailability, seedVoucher, VARIANT_JSON } from './lib/seed.mts';
import { hasChromium } from './lib/lighthouse.mts';
import { hasVarnish, startSharedCache } from './lib/shared-cache.mts';
import { REPO, startSite } from './lib/site-server.mts';

const SITE = 3100;
const BARE_NEXT = 3101;
const BARE_HTTP = 3199;
const SHARED_CACHE = 3180;
let sharedCacheHits: string | undefined;
const FIXED_RATE = 300;
/** Pages are asked for as a Czech browser would (without it, next-intl sets its cookie). */
const BROWSER = { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8' };
const ARTICLE = localizedPath('cs', '/inspiration/[...slug]', { slug: 'cesky-krumlov-mimo-sezonu' });

interface Row {
  name: string;
  full: Result;
  fixed: Result;
  against?: string;
  /** The floor measured right before this row (reads): this machine's speed drifts within a run. */
  floor?: { full: Result; fixed: Result };
  /** Median ratios of the rounds (reads). */
  ratios?: { share: number; tail: number };
  /** What the row must reach beside its floor (reads); a miss makes the bench exit non-zero. */
  target?: ReadTarget;
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const rows: Row[] = [];
const notes: string[] = [];

async function measure(target: Target, against?: string) {
  process.stdout.write(`  ${target.name} …`);
  const full = await load(target);
  const fixed = await load(target, FIXED_RATE);
  rows.push({ name: target.name, full, fixed, against });
  console.log(` ${Math.round(full.rps)} req/s`);
}

/**
 * A read beside its floor: short runs of each in turn, ROUNDS times, so that both meet the same
 * machine (this one's speed drifts by half within a run); the row holds the medians, and its
 * ratios are the medians of each round's ratios.
 */
async function measureRead(target: Target, floor: Target, goal: ReadTarget = READ_TARGET) {
  process.stdout.write(`  ${target.name} …`);
  const seconds = Math.max(2, Math.round(SECONDS / 2));
  const rounds: { full: Result; fixed: Result; floorFull: Result; floorFixed: Result }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const floorFull = await load(floor, undefined, seconds);
    const full = await load(target, undefined, seconds);
    const floorFixed = await load(floor, FIXED_RATE, seconds);
    const fixed = await load(target, FIXED_RATE, seconds);
    rounds.push({ full, fixed, floorFull, floorFixed });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const mid = (pick: (round: (typeof rounds)[number]) => Result): Result => ({
    rps: median(rounds.map((r) => pick(r).rps)),
    p50: median(rounds.map((r) => pick(r).p50)),
    p99: median(rounds.map((r) => pick(r).p99)),
    errors: rounds.reduce((sum, r) => sum + pick(r).errors, 0),
  });
  rows.push({
    name: target.name,
    full: mid((r) => r.full),
    fixed: mid((r) => r.fixed),
    against: floor.name,
    floor: { full: mid((r) => r.floorFull), fixed: mid((r) => r.floorFixed) },
    ratios: {
      share: median(rounds.map((r) => r.full.rps / r.floorFull.rps)),
      tail: median(rounds.map((r) => r.fixed.p99 / Math.max(r.floorFixed.p99, MIN_P99))),
    },
    target: goal,
  });
  console.log(` ${Math.round(mid((r) => r.full).rps)} req/s (floor ${Math.round(mid((r) => r.floorFull).rps)})`);
}

async function bareNext() {
  await buildBareNext();
  const server = await startBareNext(BARE_NEXT);
  try {
    await measure({ name: 'bare Next: static page', port: BARE_NEXT, path: '/' });
    await measure({ name: 'bare Next: page rendered per request', port: BARE_NEXT, path: '/rendered' });
    await measure({ name: 'bare Next: route handler JSON', port: BARE_NEXT, path: '/api/echo', method: 'POST', body: { id: 'a' } });
  } finally {
    await server.stop();
  }
}

const floorOf = (label: string) => `bare node:http + ${label} lookup`;
/** What a read RPC must reach against its floor: a share of its req/s, and at most a multiple of its p99 at the fixed rate. */
interface ReadTarget {
  share: number;
  p99: number;
}
const READ_TARGET: ReadTarget = { share: 0.5, p99: 2 };
/** A status page's poll of an order that has not changed: one lookup of its version (#37). */
const POLL_TARGET: ReadTarget = { share: 0.8, p99: 2 };
/** Below this a p99 is noise: a ratio to it would say nothing (milliseconds). */
const MIN_P99 = 0.05;

/** The floor of a database, measured once on its own and kept running for the reads beside it. */
async function bareHttp(databaseUrl: string | undefined, label: string) {
  await assertPortFree(BARE_HTTP);
  const server = startProcess('bare-http', process.execPath, [join(REPO, 'bench', 'bare-http.mts')], {
    cwd: REPO,
    env: { ...process.env, PORT: String(BARE_HTTP), DATABASE_URL: databaseUrl ?? '' },
  });
  const target: Target = { name: floorOf(label), port: BARE_HTTP, path: '/', method: 'POST', body: { id: 'a' } };
  try {
    await waitForOk(BARE_HTTP, '/');
    await measure(target);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { target, stop: () => server.stop() };
}

async function analyse(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function site(databaseUrl: string | undefined, label: string) {
  const floor = await bareHttp(databaseUrl, label);
  const server = await startSite(SITE, { databaseUrl, separateWorker: true }).catch(async (error: unknown) => {
    await floor.stop();
    throw error;
  });
  const host = `localhost:${SITE}`;
  const productVariant = VARIANT_JSON.cz;
  try {
    const seeded = await seedVoucher(SITE, host, 'cz');
    // A live PostgreSQL has statistics (autovacuum analyses what changed); a fresh one has none,
    // and plans the order read for tables it takes to be of unknown size.
    if (databaseUrl) await analyse(databaseUrl);
    await measure({ name: `site (${label}): home`, port: SITE, path: '/', host, headers: BROWSER }, 'bare Next: static page');
    if ((await httpGet(SITE, ARTICLE, { host })).status === 200) {
      await measure({ name: `site (${label}): article`, port: SITE, path: ARTICLE, host, headers: BROWSER }, 'bare Next: static page');
    } else if (!notes.some((n) => n.includes('article'))) {
      notes.push(`article ${ARTICLE} is not served yet (no content pages): skipped`);
    }
    const rpc = (method: string, body: object): Target => ({
      name: `site (${label}): ${method} RPC`,
      port: SITE,
      path: `/api/dzb.v1.ApiService/${method}`,
      host,
      method: 'POST',
      body,
    });
    // Every read is held to the floor of its own database: node:http and one lookup (#20).
    const read = (target: Target) => measureRead(target, floor.target);
    await read(rpc('Version', {}));
    await read(rpc('PaymentMethods', { productVariant }));
    if (seeded?.voucherId) {
      await read(rpc('VoucherDetail', { productVariant, voucherId: { id: seeded.voucherId } }));
    } else notes.push('no voucher could be issued: VoucherDetail skipped');
    if (seeded) {
      await read(rpc('OrderDetail', { productVariant, orderId: { id: seeded.orderId } }));
      await unchangedPoll(rpc('OrderDetail', { productVariant, orderId: { id: seeded.orderId } }), floor.target);
    }
    const availabilityId = await seedAvailability(SITE, host, 'cz');
    if (databaseUrl) await analyse(databaseUrl);
    if (availabilityId) {
      await read(rpc('HotelAvailability', { productVariant, byId: { availabilityId: { id: availabilityId } } }));
    } else notes.push('no availability could be stored: cached HotelAvailability skipped');
  } finally {
    await server.stop();
    await floor.stop();
  }
}

/**
 * A status page's poll of the seeded order at the version it has (OrderDetail with known_version):
 * answered `unchanged` from the version alone. Checked before and after, so a row never measures
 * full reads under the poll's name (a job still changing the order would do that).
 */
async function unchangedPoll(full: Target, floor: Target) {
  const body = full.body as { productVariant: object; orderId: { id: string } };
  const { version } = (await rpc(full.port, full.host!, 'OrderDetail', body)) as { version: string };
  const poll: Target = { ...full, name: `${full.name}, unchanged poll`, body: { ...body, knownVersion: version } };
  const unchanged = async () => 'unchanged' in ((await rpc(full.port, full.host!, 'OrderDetail', poll.body!)) as object);
  if (!(await unchanged())) {
    notes.push(`${poll.name}: the order answered in full at its own version: skipped`);
    return;
  }
  await measureRead(poll, floor, POLL_TARGET);
  if (!(await unchanged())) notes.push(`${poll.name}: the order changed while it was measured: the row is not a poll's`);
}

/**
 * First and returning visits of the cacheable pages through a shared cache (Varnish) in front of
 * the site with its page microcache off: Czech, Polish, English and German browsers without a
 * cookie, and returning visitors with their language cookie beside others, on both sites.
 */
async function sharedCache(databaseUrl: string | undefined, label: string) {
  if (!hasVarnish()) {
    notes.push('Varnish is not installed (apt-get install varnish): the shared cache row is skipped');
    return;
  }
  const server = await startSite(SITE, { databaseUrl, env: { PAGE_MICROCACHE_SECONDS: '0' }, separateWorker: true });
  const cache = await startSharedCache(SHARED_CACHE, SITE).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  try {
    const before = cache.counters();
    await measure({ name: `shared cache (${label}): first and returning visits`, port: SHARED_CACHE, path: '/', requests: visitMix() }, 'bare Next: static page');
    const after = cache.counters();
    const hits = after.hits - before.hits;
    const all = hits + after.misses - before.misses + after.passes - before.passes;
    sharedCacheHits = `shared cache (${label}): ${hits} of ${all} page requests answered from the cache (${((hits / Math.max(all, 1)) * 100).toFixed(1)} %)`;
  } finally {
    cache.stop();
    await server.stop();
  }
}

/** The visits of the shared-cache row, each a request of its own, in the order a run cycles through them. */
function visitMix(): { path: string; headers: Record<string, string> }[] {
  // The Czech site is in Czech only; the Polish one in Polish and English.
  const sites = [
    { host: 'localhost', own: 'cs', other: undefined, article: 'cesky-krumlov-mimo-sezonu' },
    { host: 'pl.localhost', own: 'pl', other: 'en', article: 'zakopane-i-tatry' },
  ] as const;
  const browsers = {
    cs: 'cs-CZ,cs;q=0.9,en;q=0.8',
    pl: 'pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7',
    en: 'en-GB,en;q=0.9',
    de: 'de-DE,de;q=0.9,en;q=0.5',
  };
  const visits: { path: string; headers: Record<string, string> }[] = [];
  for (const site of sites) {
    const own = site.own;
    const pages = [
      '/',
      localizedPath(own, '/how-it-works'),
      localizedPath(own, '/contact'),
      localizedPath(own, '/inspiration'),
      localizedPath(own, '/inspiration/[...slug]', { slug: site.article }),
      '/partner/edenred',
      '/no-such-page',
      ...(site.other ? [`/${site.other}${localizedPath(site.other, '/how-it-works')}`] : []),
    ];
    for (const path of pages) {
      for (const language of Object.values(browsers)) visits.push({ path, headers: { host: site.host, 'accept-language': language } });
      // Returning visitors: the language they chose, and cookies that are none of the site's business.
      visits.push({ path, headers: { host: site.host, 'accept-language': browsers.de, cookie: `_ga=GA1.1.${visits.length}; i18n_redirected=${own}` } });
      if (site.other) visits.push({ path, headers: { host: site.host, 'accept-language': browsers[own], cookie: `i18n_redirected=${site.other}; consent=${visits.length}` } });
    }
  }
  return visits;
}

/** The same pages with the in-memory page cache off: what Next's own cache path costs. */
async function siteWithoutMicrocache(databaseUrl: string | undefined, label: string) {
  const server = await startSite(SITE, { databaseUrl, env: { PAGE_MICROCACHE_SECONDS: '0' } });
  const host = `localhost:${SITE}`;
  try {
    await measure({ name: `site (${label}, no microcache): home`, port: SITE, path: '/', host, headers: BROWSER }, 'bare Next: static page');
    await measure({ name: `site (${label}, no microcache): article`, port: SITE, path: ARTICLE, host, headers: BROWSER }, 'bare Next: static page');
  } finally {
    await server.stop();
  }
}

/** Lighthouse of each page type on each site beside the bare Next.js static page (#20); its table is printed last. */
let lighthouseLines: string[] = [];
async function lighthouse() {
  if (!hasChromium()) {
    notes.push('Chromium is not installed (apt-get install chromium, or CHROMIUM_PATH): the Lighthouse rows are skipped');
    return;
  }
  const started = Date.now();
  const bare = await startBareNext(BARE_NEXT);
  const server = await startSite(SITE).catch(async (error: unknown) => {
    await bare.stop();
    throw error;
  });
  try {
    console.log('Lighthouse (one page after another):');
    const lighthouseNotes: string[] = [];
    const rows = await lighthouseRows({ sitePort: SITE, barePort: BARE_NEXT, notes: lighthouseNotes, pages: listArgument('pages'), sites: listArgument('sites') });
    lighthouseLines = lighthouseTable(rows, lighthouseNotes, (Date.now() - started) / 1000);
  } finally {
    await server.stop();
    await bare.stop();
  }
}

/** A latency to the microsecond, as milliseconds. */
const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 1)} ms`.padStart(9);
/** Prints the table; returns the rows that missed their target. */
function print(): string[] {
  const missed: string[] = [];
  const byName = new Map(rows.map((row) => [row.name, row]));
  console.log(`\n${'target'.padEnd(60)} ${'full rate'.padEnd(34)} ${`at ${FIXED_RATE} req/s`.padEnd(34)} vs reference`);
  console.log(`${''.padEnd(60)} ${'req/s        p50        p99'.padEnd(34)} ${'req/s        p50        p99'.padEnd(34)} (req/s, p99 at ${FIXED_RATE})`);
  for (const row of rows) {
    const reference = row.floor ?? (row.against ? byName.get(row.against) : undefined);
    const share = row.ratios?.share ?? (reference && row.full.rps / reference.full.rps);
    const tail = row.ratios?.tail ?? (reference && row.fixed.p99 / Math.max(reference.fixed.p99, MIN_P99));
    const target = row.target;
    const met = target && share! >= target.share && tail! <= target.p99;
    if (target && !met) missed.push(`${row.name}: ${(share! * 100).toFixed(0)} % (target ≥ ${target.share * 100} %), p99 ${tail!.toFixed(2)}× (target ≤ ${target.p99}×)`);
    const verdict = target ? (met ? ` ✓ (≥ ${target.share * 100} %, ≤ ${target.p99}×)` : ` ✗ MISSED (≥ ${target.share * 100} %, ≤ ${target.p99}×)`) : '';
    const beside = row.floor ? ` (median of ${ROUNDS} rounds beside it: ${row.floor.full.rps.toFixed(0)} req/s, p99 ${row.floor.fixed.p99.toFixed(3)} ms)` : '';
    const ratio = reference ? `${(share! * 100).toFixed(0)} %, ${tail!.toFixed(2)}× of ${row.against}${beside}${verdict}` : '';
    const cells = (r: Result) => `${r.rps.toFixed(0).padStart(5)} ${ms(r.p50)}  ${ms(r.p99)}${r.errors ? ` !${r.errors}` : ''}`.padEnd(34);
    console.log(`${row.name.padEnd(60)} ${cells(row.full)} ${cells(row.fixed)} ${ratio}`);
  }
  console.log(
    `read RPCs: target ≥ ${READ_TARGET.share * 100} % of the floor's req/s and p99 at ${FIXED_RATE} req/s ≤ ${READ_TARGET.p99}× the floor's; ` +
      `an unchanged poll ≥ ${POLL_TARGET.share * 100} % and ≤ ${POLL_TARGET.p99}×. Latencies to the microsecond.`,
  );
  if (sharedCacheHits) console.log(sharedCacheHits);
  for (const note of notes) console.log(`note: ${note}`);
  return missed;
}

console.log(`Bench: Node ${process.version}, ${BENCH_INFO()}`);
function BENCH_INFO() {
  return `${(globalThis.navigator?.hardwareConcurrency ?? 0) || '?'} cores, ${SECONDS} s per run (reads: ${ROUNDS} rounds of half runs beside their floor), 10 connections`;
}
// The soak test is a run of its own (bench/soak.mts): the deployment shape under mixed load.
if (process.argv.includes('--soak')) {
  const { soak } = await import('./soak.mts');
  process.exit(await soak());
}
// So is the traffic test (bench/traffic.mts): legitimate visitors beside hostile clients.
if (process.argv.includes('--traffic')) {
  const { traffic } = await import('./traffic.mts');
  process.exit(await traffic());
}
/** `--name=a,b` as a list; undefined when not given. */
function listArgument(name: string): string[] | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length).split(',');
}
const only = listArgument('only');
const part = (name: string) => !only || only.includes(name);
await bareNext();
if (part('pages') || part('reads')) {
  await site(undefined, 'PGlite');
  if (process.env.DATABASE_URL) await site(process.env.DATABASE_URL, 'PostgreSQL');
}
if (part('cache')) await sharedCache(process.env.DATABASE_URL || undefined, process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');
if (part('pages')) await siteWithoutMicrocache(process.env.DATABASE_URL || undefined, process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');
if (part('lighthouse')) await lighthouse();
const missed = print();
for (const line of lighthouseLines) console.log(line);
if (missed.length > 0) {
  console.log(`\n✗ ${missed.length} read${missed.length === 1 ? '' : 's'} missed the target:`);
  for (const line of missed) console.log(`  ✗ ${line}`);
  process.exitCode = 1;
} else if (rows.some((row) => row.target)) console.log('\n✓ every read met its target');
