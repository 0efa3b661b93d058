import 'server-only';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import type { DbHandle } from '../db/open-db';
import type { Tx } from '../db/transaction';
import { AskLater, OutcomeUnknown } from '../outside/outcome';

/** A job's payload: business ids only, never state (a job reads the current state when it runs). */
export type JobData = Record<string, string | number | boolean>;

export interface JobDefinition {
  name: string;
  /** How often a failing job is retried (with exponential backoff) before it lands in the dead letter. */
  retryLimit: number;
  /** Seconds before the first retry (doubling after each; 5 unless set). */
  retryDelay?: number;
  /** A running job not finished after this is considered lost (killed worker) and runs again. */
  expireInSeconds: number;
  handler: (data: JobData) => Promise<void>;
  /**
   * How many of this queue's jobs one worker process runs at once (1 unless set): for jobs that
   * mostly wait on an outside system, so that a backlog after a busy minute drains in seconds.
   */
  concurrency?: number;
  /** A cron schedule (e.g. '* * * * *' for the sweeps that catch whatever no event triggered). */
  cron?: string;
}

/**
 * Every queue is `exclusive`: per singleton key (a business id) at most one job is queued, waiting
 * for a retry or running, enforced by pg-boss's unique index in the database; a second send with
 * the key is dropped. A job sent without a key (the sweeps) never overlaps itself.
 */
const POLICY = 'exclusive';

/** The payload field counting how often a job was put off by Retry-After, and its limit. */
const WAITS = 'retryAfterWaits';
const MAX_WAITS = 48;

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists exactly when the change that needs it does. */
  tx?: Tx;
  /** The business id: while a job with this key is pending or running, another is not added. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

/**
 * The job queue: pg-boss on the site's own database (its tables in the pgboss schema), so jobs are
 * shared by every replica and survive restarts. Jobs run at least once: every handler is an
 * idempotent function of a business id.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, JobDefinition>();
  #started: Promise<void> | undefined;

  readonly #report: (error: unknown, context: Record<string, string>) => void;

  /** Jobs that failed their last retry go to this queue, whose worker reports them to monitoring. */
  static readonly DEAD_LETTER = 'jobs.dead-letter';

  constructor(handle: DbHandle, report: (error: unknown, context: Record<string, string>) => void) {
    this.#report = report;
    const db =
      handle.driver.kind === 'pglite'
        ? fromPglite(handle.driver.client)
        : { executeSql: (text: string, values?: unknown[]) => (handle.driver as { pool: import('pg').Pool }).pool.query(text, values) };
    this.#boss = new PgBoss({ db, schema: 'pgboss', supervise: true, schedule: true });
    this.#boss.on('error', (error) => console.error('[jobs]', error));
  }

  define(definitions: JobDefinition[]): void {
    for (const definition of definitions) this.#definitions.set(definition.name, definition);
  }

  /** Installs the queue tables and the queues; needed before sending. */
  ready(): Promise<void> {
    this.#started ??= (async () => {
      await this.#boss.start();
      await this.#boss.createQueue(JobQueue.DEAD_LETTER);
      for (const definition of this.#definitions.values()) {
        await this.#exclusive(definition.name);
        await this.#boss.createQueue(definition.name, {
          policy: POLICY,
          retryLimit: definition.retryLimit,
          retryBackoff: true,
          retryDelay: definition.retryDelay ?? 5,
          // Backoff doubles up to an hour: a long outage is retried hourly, not weekly.
          retryDelayMax: 3600,
          expireInSeconds: definition.expireInSeconds,
          deadLetter: JobQueue.DEAD_LETTER,
        });
        // Fills pg-boss's queue cache now: a cache miss inside a transaction would query on
        // another session, which PGlite (one session) cannot serve until the transaction ends.
        await this.#boss.findJobs(definition.name, { id: '00000000-0000-0000-0000-000000000000' });
      }
    })();
    return this.#started;
  }

  /**
   * A queue made before queues were exclusive keeps its policy (pg-boss cannot change it): an
   * empty one is made again; one that still holds jobs is left as it is and reported, so nothing
   * queued is lost (its duplicates stay harmless: every job is idempotent).
   */
  async #exclusive(name: string): Promise<void> {
    const queue = await this.#boss.getQueue(name);
    if (!queue || queue.policy === POLICY) return;
    if (queue.queuedCount + queue.activeCount > 0) {
      this.#report(new Error(`queue ${name} is ${queue.policy}, not ${POLICY}, and still holds jobs`), { queue: name });
      return;
    }
    await this.#boss.deleteQueue(name);
  }

  /** Starts working the defined queues in this process (WORKER=on, or npm run worker). */
  async work(options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
    await this.ready();
    for (const definition of this.#definitions.values()) {
      for (let i = 0; i < (definition.concurrency ?? 1); i++) await this.#workOne(definition, options.pollingIntervalSeconds ?? 2);
      if (definition.cron) await this.#boss.schedule(definition.name, definition.cron);
    }
    await this.#boss.work<JobData>(JobQueue.DEAD_LETTER, async ([job]) => {
      if (job) this.#report(new Error('a job failed for good'), { job: job.id, data: JSON.stringify(job.data) });
    });
  }

  /**
   * One worker of a queue. pg-boss waits its polling interval after every fetch, even one that
   * found a job: a queue would drain at one job per interval (a burst of 100 paid orders: 100
   * bookings over three minutes, their e-mails after). A worker that just ran a job is woken to
   * fetch the next at once; only an empty fetch waits.
   */
  async #workOne(definition: JobDefinition, pollingIntervalSeconds: number): Promise<void> {
    // The handler may run before work() has answered with the id (then that one job waits).
    const worker: { id?: string } = {};
    worker.id = await this.#boss.work<JobData>(definition.name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      try {
        await definition.handler(job.data);
      } catch (error) {
        if (!(await this.#waitAsAsked(definition.name, job, error))) throw error;
      } finally {
        if (worker.id) this.#boss.notifyWorker(worker.id);
      }
    });
  }

  /**
   * An outside system that answered 429 or 503 with Retry-After (or said "not yet", AskLater) asked us to wait: the job comes
   * back no sooner than it said (as a new job, completing this one), not at the queue's backoff,
   * which may be sooner. A system that keeps asking gets MAX_WAITS rounds, then the job fails as
   * any other. The new job's key alternates, so it never collides with the running one.
   */
  async #waitAsAsked(name: string, job: { id: string; data: JobData | null; singletonKey?: string | null }, error: unknown): Promise<boolean> {
    const waitMs = error instanceof OutcomeUnknown || error instanceof AskLater ? error.retryAfterMs : undefined;
    // A job its cron schedule started carries no data (null).
    const data = job.data ?? {};
    const waits = typeof data[WAITS] === 'number' ? data[WAITS] : 0;
    if (waitMs === undefined || waits >= MAX_WAITS) return false;
    const base = (job.singletonKey ?? job.id).replace(/:wait[01]$/, '');
    await this.#boss.send(name, { ...data, [WAITS]: waits + 1 }, { singletonKey: `${base}:wait${(waits + 1) % 2}`, startAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
    return true;
  }

  async send(name: string, data: JobData, options: EnqueueOptions = {}): Promise<void> {
    if (!this.#definitions.has(name)) throw new Error(`unknown job ${name}`);
    await this.ready();
    const sendOptions: SendOptions = {
      singletonKey: options.singletonKey,
      startAfter: options.startAfterSeconds,
      // Both drivers answer execute() with { rows }, which is all the adapter reads.
      db: options.tx ? fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) : undefined,
    };
    await this.#boss.send(name, data, sendOptions);
  }

  async stop(): Promise<void> {
    if (this.#started) await this.#boss.stop({ graceful: true, timeout: 5_000, close: false });
  }
}
