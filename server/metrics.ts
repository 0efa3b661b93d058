import 'server-only';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DbHandle } from './db/open-db';

/** How a budget answered a call (server/security/step-up.ts). */
export type BudgetOutcome = 'within' | 'stepped_up' | 'challenged' | 'refused';

/** What the site's own routes are, as requests are counted. */
export type RouteKind = 'api' | 'page' | 'document' | 'callback' | 'health' | 'console' | 'sandbox';

/**
 * What operators read about a running process, in Prometheus's text format (prom-client): requests
 * by route and status class, what every budget answered (within it, stepped up, challenged,
 * refused), requests shed under overload, the database pool, and, read from the database when
 * scraped, the job queues' lag and the mail outbox's backlog. One registry per composition root,
 * so tests that build several keep their counts apart.
 */
export interface Metrics {
  registry: Registry;
  request(route: RouteKind, status: number): void;
  budget(name: string, outcome: BudgetOutcome, units?: number): void;
  shed(reason: string): void;
  /** Reads the pool, the queues and the outbox from this database when scraped. */
  watch(db: () => Promise<DbHandle>): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'dzb_' });
  const requests = new Counter({ name: 'dzb_http_requests_total', help: 'Requests answered, by route and status class.', labelNames: ['route', 'status'], registers: [registry] });
  const budgets = new Counter({
    name: 'dzb_budget_units_total',
    help: 'Units asked of each budget, by outcome: within the budget, stepped up with a proof, asked for a proof, refused.',
    labelNames: ['budget', 'outcome'],
    registers: [registry],
  });
  const shed = new Counter({ name: 'dzb_shed_total', help: 'Requests answered 503 with Retry-After to shed load, by reason.', labelNames: ['reason'], registers: [registry] });
  let database: (() => Promise<DbHandle>) | undefined;
  const opened = async () => (database ? database().catch(() => undefined) : undefined);
  new Gauge({
    name: 'dzb_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, and requests waiting for one).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const handle = await opened();
      if (handle?.driver.kind !== 'postgres') return;
      const { pool: p } = handle.driver;
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
      this.set({ state: 'waiting' }, p.waitingCount);
    },
  });
  const jobsDue = new Gauge({ name: 'dzb_jobs_due', help: 'Per queue: jobs due and not started yet.', labelNames: ['queue'], registers: [registry] });
  new Gauge({
    name: 'dzb_job_lag_seconds',
    help: 'Per queue: how long the oldest job that is due has waited to start (0: none waiting).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const handle = await opened();
      if (!handle) return;
      const result = await handle.db.execute(sql`
        SELECT q.name, COALESCE(EXTRACT(EPOCH FROM (now() - min(j.start_after))), 0)::float8 AS lag, count(j.id)::int AS due
          FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry') AND j.start_after <= now()
         GROUP BY q.name`);
      this.reset();
      jobsDue.reset();
      for (const row of rowsOf<{ name: string; lag: number; due: number }>(result)) {
        this.set({ queue: row.name }, Number(row.lag));
        jobsDue.set({ queue: row.name }, Number(row.due));
      }
    },
  });
  new Gauge({
    name: 'dzb_mail_outbox',
    help: 'E-mails queued and not yet sent (count), and the age in seconds of the oldest.',
    labelNames: ['measure'],
    registers: [registry],
    async collect() {
      const handle = await opened();
      if (!handle) return;
      const [row] = rowsOf<{ queued: number; oldest: number }>(
        await handle.db.execute(sql`SELECT count(*)::int AS queued, COALESCE(EXTRACT(EPOCH FROM (now() - min(created_at))), 0)::float8 AS oldest FROM mail_outbox WHERE status = 'queued'`),
      );
      this.set({ measure: 'queued' }, Number(row?.queued ?? 0));
      this.set({ measure: 'oldest_seconds' }, Number(row?.oldest ?? 0));
    },
  });
  return {
    registry,
    request: (route, status) => requests.inc({ route, status: `${Math.floor(status / 100)}xx` }),
    budget: (name, outcome, units = 1) => budgets.inc({ budget: name, outcome }, units),
    shed: (reason) => shed.inc({ reason }),
    watch(db) {
      database = db;
    },
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
