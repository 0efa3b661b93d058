/**
 * `npm run bench` (on demand, never part of npm test): throughput and latency of this site beside
 * a bare Next.js app of the same versions and a bare node:http + database lookup, in one run on
 * one machine, so the ratios mean something. Needs a production build (`npm run build`).
 * Ports 3100 (site), 3101 (bare Next.js), 3199 (bare node:http). BENCH_SECONDS per run (8).
 */
import { join } from 'node:path';
import { localizedPath } from '@/lib/i18n/pathnames';
import { buildBareNext, startBareNext } from './lib/bare-next.mts';
import { assertPortFree, httpGet, waitForOk } from './lib/http.mts';
import { load, type Result, type Target } from './lib/load.mts';
import { startProcess } from './lib/processes.mts';
import { seedAvailability, seedVoucher, VARIANT_JSON } from './lib/seed.mts';
import { REPO, startSite } from './lib/site-server.mts';

const SITE = 3100;
const BARE_NEXT = 3101;
const BARE_HTTP = 3199;
const FIXED_RATE = 300;
/** Pages are asked for as a Czech browser would (without it, next-intl sets its cookie). */
const BROWSER = { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8' };
const ARTICLE = localizedPath('cs', '/inspiration/[...slug]', { slug: 'cesky-krumlov-mimo-sezonu' });

const rows: { name: string; full: Result; fixed: Result; against?: string }[] = [];
const notes: string[] = [];

async function measure(target: Target, against?: string) {
  process.stdout.write(`  ${target.name} …`);
  const full = await load(target);
  const fixed = await load(target, FIXED_RATE);
  rows.push({ name: target.name, full, fixed, against });
  console.log(` ${Math.round(full.rps)} req/s`);
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
const READ_TARGET = { share: 0.3, p99: 3 };

async function bareHttp(databaseUrl: string | undefined, label: string) {
  await assertPortFree(BARE_HTTP);
  const server = startProcess('bare-http', process.execPath, [join(REPO, 'bench', 'bare-http.mts')], {
    cwd: REPO,
    env: { ...process.env, PORT: String(BARE_HTTP), DATABASE_URL: databaseUrl ?? '' },
  });
  try {
    await waitForOk(BARE_HTTP, '/');
    await measure({ name: floorOf(label), port: BARE_HTTP, path: '/', method: 'POST', body: { id: 'a' } });
  } finally {
    await server.stop();
  }
}

async function site(databaseUrl: string | undefined, label: string) {
  const server = await startSite(SITE, { databaseUrl });
  const host = `localhost:${SITE}`;
  const productVariant = VARIANT_JSON.cz;
  try {
    const seeded = await seedVoucher(SITE, host, 'cz');
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
    const floor = floorOf(label);
    await measure(rpc('Version', {}), floor);
    await measure(rpc('PaymentMethods', { productVariant }), floor);
    if (seeded?.voucherId) {
      await measure(rpc('VoucherDetail', { productVariant, voucherId: { id: seeded.voucherId } }), floor);
    } else notes.push('no voucher could be issued: VoucherDetail skipped');
    if (seeded) await measure(rpc('OrderDetail', { productVariant, orderId: { id: seeded.orderId } }), floor);
    const availabilityId = await seedAvailability(SITE, host, 'cz');
    if (availabilityId) {
      await measure(rpc('HotelAvailability', { productVariant, byId: { availabilityId: { id: availabilityId } } }), floor);
    } else notes.push('no availability could be stored: cached HotelAvailability skipped');
  } finally {
    await server.stop();
  }
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

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(7);
function print() {
  const byName = new Map(rows.map((row) => [row.name, row]));
  console.log(`\n${'target'.padEnd(46)} ${'full rate'.padEnd(30)} ${`at ${FIXED_RATE} req/s`.padEnd(30)} vs reference`);
  console.log(`${''.padEnd(46)} ${'req/s      p50      p99'.padEnd(30)} ${'req/s      p50      p99'.padEnd(30)} (req/s, p99 at ${FIXED_RATE})`);
  for (const row of rows) {
    const reference = row.against ? byName.get(row.against) : undefined;
    const share = reference && row.full.rps / reference.full.rps;
    const tail = reference && row.fixed.p99 / Math.max(reference.fixed.p99, 1);
    const verdict = reference && row.against?.startsWith('bare node:http')
      ? (share! >= READ_TARGET.share && tail! <= READ_TARGET.p99 ? ' ✓' : ' ✗ below target')
      : '';
    const ratio = reference ? `${(share! * 100).toFixed(0)} %, ${tail!.toFixed(1)}× of ${row.against}${verdict}` : '';
    const cells = (r: Result) => `${r.rps.toFixed(0).padStart(5)} ${ms(r.p50)}  ${ms(r.p99)}${r.errors ? ` !${r.errors}` : ''}`.padEnd(30);
    console.log(`${row.name.padEnd(46)} ${cells(row.full)} ${cells(row.fixed)} ${ratio}`);
  }
  console.log(`read RPCs: target ≥ ${READ_TARGET.share * 100} % of the floor's req/s and p99 at ${FIXED_RATE} req/s ≤ ${READ_TARGET.p99}× the floor's`);
  for (const note of notes) console.log(`note: ${note}`);
}

console.log(`Bench: Node ${process.version}, ${BENCH_INFO()}`);
function BENCH_INFO() {
  return `${(globalThis.navigator?.hardwareConcurrency ?? 0) || '?'} cores, ${Number(process.env.BENCH_SECONDS ?? 8)} s per run, 10 connections`;
}
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const part = (name: string) => !only || only.includes(name);
if (part('pages') || part('reads')) await bareNext();
await bareHttp(undefined, 'PGlite');
if (process.env.DATABASE_URL) await bareHttp(process.env.DATABASE_URL, 'PostgreSQL');
await site(undefined, 'PGlite');
if (process.env.DATABASE_URL) await site(process.env.DATABASE_URL, 'PostgreSQL');
if (part('pages')) await siteWithoutMicrocache(process.env.DATABASE_URL || undefined, process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');
print();
