/**
 * `npm run check:weight`: the page-weight budget (issue 6). For one URL of every route on every
 * site and language it sums the gzip -9 size of the JavaScript the page's HTML loads and compares
 * it with a bare Next.js page of the same next/react versions (bench/weight-reference.json).
 * Shell and content pages may weigh 1.25× the bare page, pages whose forms call the API 1.6×.
 * Byte counts are deterministic, so this is a test: it exits 1 naming every route over budget.
 *
 * `npm run check:weight -- --measure-reference` rebuilds the bare app and rewrites the JSON.
 * Needs a production build (`npm run build`); uses ports 3100 and 3101.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBareNext, installedVersions, startBareNext, type Versions } from '../bench/lib/bare-next.mts';
import { pageWeigher } from '../bench/lib/page-weight.mts';
import { REPO, SITE_HOSTS, startSite } from '../bench/lib/site-server.mts';
import { routesToWeigh, seedAll } from './check-weight-routes.mts';

const REFERENCE_FILE = join(REPO, 'bench', 'weight-reference.json');
const SITE_PORT = Number(process.env.WEIGHT_SITE_PORT ?? 3100);
const BARE_PORT = Number(process.env.WEIGHT_BARE_PORT ?? 3101);

interface Reference {
  note: string;
  versions: Versions;
  node: string;
  measuredAt: string;
  page: string;
  bytes: number;
  files: number;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function measureReference(): Promise<void> {
  await buildBareNext(true);
  const bare = await startBareNext(BARE_PORT);
  try {
    const weight = await pageWeigher(BARE_PORT)('/', `127.0.0.1:${BARE_PORT}`);
    const reference: Reference = {
      note: 'gzip -9 bytes of the JavaScript of a static "Hello" page of a bare Next.js app; regenerate with npm run check:weight -- --measure-reference',
      versions: installedVersions(),
      node: process.version,
      measuredAt: new Date().toISOString(),
      page: '/',
      bytes: weight.bytes,
      files: weight.files,
    };
    writeFileSync(REFERENCE_FILE, `${JSON.stringify(reference, null, 2)}\n`);
    console.log(`Bare Next.js page: ${kB(weight.bytes)} kB in ${weight.files} files → ${REFERENCE_FILE}`);
  } finally {
    await bare.stop();
  }
}

function readReference(): Reference {
  const reference = JSON.parse(readFileSync(REFERENCE_FILE, 'utf8')) as Reference;
  const installed = installedVersions();
  if (JSON.stringify(reference.versions) !== JSON.stringify(installed)) {
    throw new Error(
      `The reference was measured with ${JSON.stringify(reference.versions)}, but ${JSON.stringify(installed)} is installed. ` +
        'Run `npm run check:weight -- --measure-reference` and commit bench/weight-reference.json.',
    );
  }
  return reference;
}

async function check(): Promise<number> {
  const reference = readReference();
  const site = await startSite(SITE_PORT);
  try {
    const seeded = await seedAll(SITE_PORT);
    const weigh = pageWeigher(SITE_PORT);
    const over: string[] = [];
    console.log(`Bare Next.js ${reference.versions.next} page: ${kB(reference.bytes)} kB (gzip -9). Limits: content ×1.25 = ${kB(reference.bytes * 1.25)} kB, API forms ×1.6 = ${kB(reference.bytes * 1.6)} kB.\n`);
    for (const route of routesToWeigh(seeded)) {
      const limit = reference.bytes * route.budget;
      console.log(`${route.name}  (${route.kind}, ≤ ${route.budget}× = ${kB(limit)} kB)`);
      for (const sample of route.samples) {
        const weight = await weigh(sample.path, `${SITE_HOSTS[sample.site]}:${SITE_PORT}`);
        const ratio = weight.bytes / reference.bytes;
        // A redirect or an error page would weigh nothing and hide the route from the budget.
        const answered = weight.status === 200 || weight.status === 404;
        const ok = answered && weight.bytes <= limit;
        if (!ok) over.push(`${route.name} ${sample.site}:${sample.path}${answered ? '' : ` (answered ${weight.status})`}`);
        console.log(
          `  ${ok ? 'ok  ' : 'OVER'} ${sample.site.padEnd(6)} ${sample.path.padEnd(58)} ${String(weight.status).padEnd(3)} ${kB(weight.bytes).padStart(6)} kB ${ratio.toFixed(2)}× ${String(weight.files).padStart(2)} files`,
        );
      }
    }
    if (over.length > 0) {
      console.error(`\nOver budget or not measurable (${over.length}):\n  ${over.join('\n  ')}`);
      return 1;
    }
    console.log('\nEvery route is within its budget.');
    return 0;
  } finally {
    await site.stop();
  }
}

if (process.argv.includes('--measure-reference')) {
  await measureReference();
} else {
  process.exitCode = await check();
}
