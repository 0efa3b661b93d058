/**
 * `npm run bench -- --traffic` (on demand, never in CI): the deployment shape of the README (two
 * web processes with WORKER=off, one worker, PostgreSQL, the simulators in the first web process)
 * with the budgets of the README's table, visited by legitimate visitors and, in a second phase,
 * hostile clients beside them. Every client comes from a loopback address of its own (a NAT
 * office from one shared address); nothing forwards an address. See the README, "Traffic test".
 *
 * `--scale=<f>` scales every rate and count of the design peak (default 1); `--minutes=<m>` is
 * the length of each phase (default 3). Needs a production build and DATABASE_URL.
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { cpus, loadavg } from 'node:os';
import { Client, FlowStopped, loopbackAddress } from './lib/traffic-client.mts';
import { type Found, linkFlood, pdfFlood, spendable, voucherGuessers } from './lib/traffic-attacks.mts';
import { Solvers } from './lib/pow-solvers.mts';
import { startDeployment } from './lib/soak-deployment.mts';
import { seed, type SeededVoucher } from './lib/traffic-seed.mts';
import { HOSTILE, LEGITIMATE, percentile, type Phase, type TrafficStats as Stats, TrafficStats, type VisitorKind } from './lib/traffic-stats.mts';
import { funnelVisitor, voucherOwner } from './lib/traffic-visitors.mts';

const PORTS = [3210, 3212] as const;

function numberArgument(name: string, fallback: number): number {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number`);
  return parsed;
}

/**
 * The design peak of the README's "Budgets", per minute at scale 1: 100 visitors start the
 * funnel (one link analysis each; one in five orders: 20 orders a minute), of them one in ten
 * checks a voucher instead; the NAT office's 200 visitors arrive over a phase; the hostile rates
 * are this test's own choice, several times what the legitimate traffic costs.
 */
function plan(scale: number, minutes: number) {
  const perMinute = 100 * scale;
  return {
    minutes,
    visitorsPerMinute: perMinute,
    /** Share of arriving visitors who come to check a voucher they own. */
    voucherOwnerShare: 0.1,
    office: Math.max(1, Math.round(200 * scale)),
    guessRate: 10 * scale,
    guesserAddresses: Math.max(10, Math.round(1000 * scale)),
    bait: Math.max(2, Math.round(10 * scale)),
    pdfParallel: Math.max(1, Math.round(8 * scale)),
    linkFloodRate: 10 * scale,
  };
}
type Plan = ReturnType<typeof plan>;

/** Uniform in [0, 1). */
const uniform = () => randomInt(1_000_000) / 1_000_000;
/** Whose voucher each owner's code is: the kind, phase and address of the visitor who checks it. */
const owners = new Map<string, string>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Context {
  ports: readonly number[];
  stats: TrafficStats;
  solvers: Solvers;
}

/** One legitimate visitor's whole visit, counted in the stats. */
async function visit(context: Context, kind: VisitorKind, phase: Phase, address: string, vouchers: SeededVoucher[], share: number): Promise<void> {
  const client = new Client(context, kind, phase, address);
  context.stats.started(client);
  let completed = false;
  try {
    const voucher = uniform() < share ? vouchers.pop() : undefined;
    if (voucher) owners.set(voucher.code, `${kind} (${phase}) at ${address}`);
    if (voucher) await voucherOwner(client, voucher.code);
    else await funnelVisitor(client);
    completed = true;
  } catch (error) {
    if (!(error instanceof FlowStopped)) context.stats.refused(client, 'the load generator', (error as Error).stack ?? String(error));
  } finally {
    context.stats.finished(client, completed);
  }
}

/**
 * Legitimate visitors arriving at random (a Poisson process at the plan's rate) for the phase,
 * each from an address of its own, and the office's visitors from one address; answers when
 * every visitor has finished (the last may still be waiting for their booking).
 */
async function legitimate(context: Context, phase: Phase, p: Plan, vouchers: SeededVoucher[], blocks: { visitors: number; office: number }): Promise<void> {
  const until = Date.now() + p.minutes * 60_000;
  const visits: Promise<void>[] = [];
  const officeAddress = loopbackAddress(blocks.office, 0);
  const officeEvery = (p.minutes * 60_000) / p.office;
  let n = 0;
  let officeNext = Date.now() + uniform() * officeEvery;
  let officeCount = 0;
  let next = Date.now();
  while (Date.now() < until) {
    const wakeAt = Math.min(next, officeCount < p.office ? officeNext : Number.POSITIVE_INFINITY);
    const wait = wakeAt - Date.now();
    if (wait > 0) await sleep(wait);
    if (Date.now() >= until) break;
    if (Date.now() >= next) {
      visits.push(visit(context, 'visitor', phase, loopbackAddress(blocks.visitors, n++), vouchers, p.voucherOwnerShare));
      next += (-Math.log(1 - uniform()) * 60_000) / p.visitorsPerMinute;
    }
    if (officeCount < p.office && Date.now() >= officeNext) {
      officeCount++;
      visits.push(visit(context, 'NAT office', phase, officeAddress, vouchers, p.voucherOwnerShare));
      officeNext += officeEvery;
    }
  }
  await Promise.all(visits);
}

export async function traffic(): Promise<number> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The traffic test runs on PostgreSQL: set DATABASE_URL to a server it may create a database on.');
  const scale = numberArgument('scale', 1);
  const p = plan(scale, numberArgument('minutes', 3));
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the start`;
  console.log(`Traffic test: scale ${scale}, ${p.minutes} min per phase; ${machine}; Node ${process.version}`);
  const deployment = await startDeployment(serverUrl, {
    ports: PORTS,
    label: 'traffic',
    // The budgets of the README's table, and no proxy believed: each client is its socket's address.
    env: { TRUSTED_PROXIES: '', BUDGETS: '' },
  });
  const solvers = new Solvers(2);
  const stats = new TrafficStats();
  const context: Context = { ports: deployment.ports, stats, solvers };
  try {
    // Owners of both phases (one in ten arrivals, and as many in the offices), and the bait.
    const owners = Math.ceil(p.visitorsPerMinute * p.minutes * 2 * p.voucherOwnerShare * 1.5 + p.office * 2 * p.voucherOwnerShare * 1.5) + 2;
    const started = Date.now();
    process.stdout.write(`seeding ${owners + p.bait} vouchers paid by transfer …`);
    const seeded = await seed(context, owners + p.bait);
    console.log(` ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const bait = seeded.vouchers.splice(0, p.bait);
    const vouchers = seeded.vouchers;

    console.log(`baseline: ${p.visitorsPerMinute.toFixed(0)} visitors a minute and a NAT office of ${p.office} for ${p.minutes} min, no hostile clients …`);
    const loadBefore = loadavg()[0]!;
    await legitimate(context, 'baseline', p, vouchers, { visitors: 10, office: 30 });

    console.log(`attack: the same visitors and another office, beside ${p.guesserAddresses} voucher guessers (${p.guessRate}/s), a PDF flood (${p.pdfParallel} without pause) and a link flood (${p.linkFloodRate}/s) …`);
    const until = Date.now() + p.minutes * 60_000;
    const attack = { ...context, until, scale };
    const invoices = [...vouchers, ...bait].map((v) => v.invoicePath);
    const [, found] = await Promise.all([
      legitimate(context, 'attack', p, vouchers, { visitors: 11, office: 31 }),
      voucherGuessers(attack, { rate: p.guessRate, addresses: p.guesserAddresses, bait: bait.map((v) => v.code) }),
      pdfFlood(attack, { parallel: p.pdfParallel, invoices }),
      linkFlood(attack, { rate: p.linkFloodRate }),
    ]);
    const loadAfter = loadavg()[0]!;
    const spent = await spendCheck(found, seeded.availability);
    const ok = report(stats, spent, { loadBefore, loadAfter });
    await reportHolds(deployment.databaseUrl, new Set(bait.map((v) => v.code)));
    console.log(`the processes' output: ${deployment.logs}`);
    return ok ? 0 : 1;
  } finally {
    await solvers.stop();
    await deployment.stop();
  }
}

/**
 * The vouchers the site holds (server/vouchers/holds.ts), read from the database: the bait a
 * lucky guesser tried should be among them; a legitimate owner's voucher held is why that owner
 * was told it does not exist.
 */
async function reportHolds(databaseUrl: string, bait: Set<string>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ code: string; client_key: string; unexplained_misses: number }>(
      'SELECT v.code, h.client_key, h.unexplained_misses FROM voucher_holds h JOIN vouchers v ON v.id = h.voucher_id WHERE h.released_at IS NULL ORDER BY h.held_at',
    );
    const held = rows.filter((row) => bait.has(row.code)).length;
    console.log(`vouchers held: ${rows.length}; bait ${held}`);
    for (const row of rows.filter((r) => !bait.has(r.code))) {
      console.log(`  a legitimate owner's voucher held: ${owners.get(row.code) ?? 'not handed to a visitor'}, held for client ${row.client_key} after ${row.unexplained_misses} misses no typo of it explains`);
    }
  } finally {
    await client.end();
  }
}

/** Every code a guesser found, tried as payment from the guesser's own address. */
async function spendCheck(found: Found[], availability: Parameters<typeof spendable>[1]): Promise<{ found: number; bait: number; spendable: number }> {
  let count = 0;
  for (const one of found) if (await spendable(one, availability)) count++;
  return { found: found.length, bait: found.filter((f) => f.bait).length, spendable: count };
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);

function report(stats: Stats, spent: { found: number; bait: number; spendable: number }, load: { loadBefore: number; loadAfter: number }): boolean {
  console.log(`\nLegitimate visitors (load average ${load.loadBefore.toFixed(1)} before the baseline, ${load.loadAfter.toFixed(1)} at the end of the attack):`);
  console.log(`${'kind'.padEnd(14)} ${'phase'.padEnd(9)} ${'visitors'.padStart(8)} ${'done'.padStart(6)} ${'requests'.padStart(8)} ${'refused'.padStart(8)} ${'5xx'.padStart(5)} ${'no answer'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'proofs'.padStart(7)} ${'largest step-up'.padStart(16)} ${'most steps, one visitor'.padStart(24)}`);
  let refused = 0;
  let failed = 0;
  const samples: string[] = [];
  for (const kind of LEGITIMATE) {
    for (const phase of ['baseline', 'attack'] as const) {
      const t = stats.of(kind, phase);
      if (t.visitors === 0) continue;
      refused += t.refused;
      failed += t.fiveXx + t.noAnswer;
      samples.push(...t.refusalSamples.map((s) => `${kind} (${phase}) refused at ${s}`), ...t.serverErrors.map((s) => `${kind} (${phase}) ${s}`));
      console.log(
        `${kind.padEnd(14)} ${phase.padEnd(9)} ${String(t.visitors).padStart(8)} ${String(t.completed).padStart(6)} ${String(t.requests).padStart(8)} ${String(t.refused).padStart(8)} ${String(t.fiveXx).padStart(5)} ${String(t.noAnswer).padStart(9)} ${ms(percentile(t.latencies, 50)).padStart(8)} ${ms(percentile(t.latencies, 99)).padStart(8)} ${String(t.proofs).padStart(7)} ${t.largestChallenge.toLocaleString('en').padStart(16)} ${t.mostStepsOneClient.toLocaleString('en').padStart(24)}`,
      );
    }
  }
  console.log('(largest step-up: the most work one challenge asked for, SHA-256 steps on average; most steps: what one visitor actually computed in all)');
  console.log(`\n${'step (all legitimate visitors)'.padEnd(34)} ${'baseline: n'.padStart(11)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}   ${'attack: n'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`);
  const steps = new Map<string, { baseline: number[]; attack: number[] }>();
  for (const kind of LEGITIMATE) {
    for (const phase of ['baseline', 'attack'] as const) {
      for (const [step, list] of stats.of(kind, phase).byStep) {
        const entry = steps.get(step) ?? { baseline: [], attack: [] };
        entry[phase].push(...list);
        steps.set(step, entry);
      }
    }
  }
  for (const [step, { baseline, attack }] of steps) {
    console.log(`${step.padEnd(34)} ${String(baseline.length).padStart(11)} ${ms(percentile(baseline, 50)).padStart(8)} ${ms(percentile(baseline, 99)).padStart(8)}   ${String(attack.length).padStart(9)} ${ms(percentile(attack, 50)).padStart(8)} ${ms(percentile(attack, 99)).padStart(8)}`);
  }
  console.log('\nHostile clients (attack phase):');
  let hostile500 = 0;
  for (const kind of HOSTILE) {
    const t = stats.of(kind, 'attack');
    const statuses = [...t.statuses].sort().map(([s, n]) => `${s} ${n}`).join(', ');
    const counters = [...t.counters].map(([k, n]) => `${k} ${n}`).join(', ');
    hostile500 += t.fiveXx - (t.statuses.get('503') ?? 0);
    console.log(`${kind.padEnd(16)} ${t.requests} requests (${statuses}${t.noAnswer ? `, no answer ${t.noAnswer}` : ''}); ${counters}${t.proofs ? `; proofs solved ${t.proofs}` : ''}`);
    for (const sample of t.serverErrors.filter((s) => !s.startsWith('503'))) samples.push(`${kind}: ${sample}`);
  }
  console.log(`voucher guessers: ${spent.found} codes found (${spent.bait} of them bait), ${spent.spendable} could be spent`);
  for (const sample of samples.slice(0, 20)) console.log(`  ${sample}`);
  const checks = [
    { ok: refused === 0, text: `legitimate visitors refused: ${refused} (must be 0)` },
    { ok: failed === 0, text: `legitimate requests answered 5xx or not at all: ${failed} (must be 0)` },
    { ok: hostile500 === 0, text: `hostile requests answered a 5xx other than 503 (load shed): ${hostile500} (must be 0)` },
    { ok: spent.spendable === 0, text: `codes the guessers found and could spend: ${spent.spendable} (must be 0)` },
  ];
  console.log('');
  for (const check of checks) console.log(`${check.ok ? '✓' : '✗'} ${check.text}`);
  return checks.every((c) => c.ok);
}
