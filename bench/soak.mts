/**
 * `npm run bench -- --soak` (on demand, never in CI): the deployment shape of the README (two web
 * processes with WORKER=off, one worker, PostgreSQL) under a mixed load of simulated visitors for
 * SOAK_SECONDS (60): page views, link analyses, previews, stays and vouchers ordered and paid
 * through the simulators, gateway returns, duplicate notifications, bank transfers and status
 * polls. Each visitor runs one flow after another without pause (a closed loop), so with enough
 * of them (SOAK_VISITORS, 12) the machine runs at the highest rate it holds; the run must end
 * with 0 errors. Then every order must reach its final state with money and bookings consistent.
 * Needs a production build and DATABASE_URL (a PostgreSQL server; the soak makes its own database).
 */
import { randomInt } from 'node:crypto';
import { checkConsistency } from './lib/soak-checks.mts';
import { FlowStopped, Tally, Visitor } from './lib/soak-client.mts';
import { startDeployment } from './lib/soak-deployment.mts';
import { analyseLink, buyVoucher, Ledger, orderStay, previewOnly, viewPage } from './lib/soak-flows.mts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const VISITORS = Number(process.env.SOAK_VISITORS ?? 12);

/** The mix: how often each flow starts, out of 100. */
const MIX: { weight: number; run: (visitor: Visitor, ledger: Ledger) => Promise<void> }[] = [
  { weight: 45, run: viewPage },
  { weight: 10, run: analyseLink },
  { weight: 15, run: previewOnly },
  { weight: 18, run: orderStay },
  { weight: 12, run: buyVoucher },
];

function chooseFlow(): (typeof MIX)[number]['run'] {
  let roll = randomInt(100);
  for (const flow of MIX) {
    roll -= flow.weight;
    if (roll < 0) return flow.run;
  }
  return MIX[0]!.run;
}

/** A new address per flow: each flow is another visitor to the site's per-caller budgets. */
let visits = 0;
function nextAddress(): string {
  const n = ++visits;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function soak(): Promise<number> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The soak runs on PostgreSQL: set DATABASE_URL to a server it may create a database on.');
  const deployment = await startDeployment(serverUrl);
  const tally = new Tally();
  const ledger = new Ledger();
  let flows = 0;
  try {
    console.log(`Soak: ${VISITORS} visitors without pause for ${SECONDS} s against 2 web processes + 1 worker on PostgreSQL …`);
    const until = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: VISITORS }, async () => {
        while (Date.now() < until) {
          const visitor = new Visitor(deployment.ports, nextAddress(), tally);
          try {
            await chooseFlow()(visitor, ledger);
          } catch (error) {
            if (!(error instanceof FlowStopped)) tally.failed('flow', (error as Error).stack ?? String(error));
          }
          flows++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    print(tally, flows, elapsed);
    console.log(`\nWaiting for the worker to settle ${ledger.orders.length} orders (${ledger.orders.filter((o) => o.kind === 'hotel').length} stays, ${ledger.orders.filter((o) => o.kind === 'voucher').length} vouchers) …`);
    const { findings, settledMs, mailedMs, notBooked } = await checkConsistency(deployment.databaseUrl, ledger.orders);
    console.log(`every order settled ${(settledMs / 1000).toFixed(1)} s after the load, every e-mail out ${(mailedMs / 1000).toFixed(1)} s after that`);
    for (const [reason, count] of Object.entries(notBooked)) console.log(`stays not booked and refunded in full: ${count} (${reason})`);
    for (const finding of findings) console.log(`✗ ${finding.check}: ${finding.rows.length} — ${JSON.stringify(finding.rows.slice(0, 3))}`);
    console.log(`the processes' output: ${deployment.logs}`);
    if (findings.length === 0) console.log('✓ every order paid and booked or its voucher issued; no payment without its order, no voucher below zero or off its ledger, no payment paid twice, no stay booked twice, every e-mail sent once');
    return tally.errorCount === 0 && findings.length === 0 ? 0 : 1;
  } finally {
    await deployment.stop();
  }
}

function print(tally: Tally, flows: number, seconds: number): void {
  console.log(`\n${flows} flows, ${tally.requests} requests in ${seconds.toFixed(1)} s: ${(tally.requests / seconds).toFixed(0)} req/s, ${(flows / seconds).toFixed(1)} flows/s, ${tally.errorCount} errors`);
  console.log(`${'kind'.padEnd(24)} ${'count'.padStart(6)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`);
  for (const [kind, list] of [...tally.latencies].sort((a, b) => b[1].length - a[1].length)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${kind.padEnd(24)} ${String(sorted.length).padStart(6)} ${`${percentile(sorted, 50).toFixed(0)} ms`.padStart(8)} ${`${percentile(sorted, 99).toFixed(0)} ms`.padStart(8)}`);
  }
  for (const [code, count] of tally.refusals) console.log(`refused by design (contention): ${code} × ${count}`);
  for (const [kind, { count, sample }] of tally.errors) console.log(`✗ error ${kind} × ${count}: ${sample}`);
}
