import 'server-only';
import type { DbHandle } from '../db/open-db';
import type { Services } from '../services';
import type { JobName, JobPayload } from './catalogue';
import { jobDefinitions } from './definitions';
import { type EnqueueOptions, JobQueue } from './queue';

/** The job queue as services hand it out: created once the database is open. */
export interface Jobs {
  /** Enqueues a job of the catalogue (server/jobs/catalogue.ts) with its payload. */
  send<N extends JobName>(name: N, data: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  queue(): Promise<JobQueue>;
  /** Creates and starts the queue on a freshly opened database (services.db() awaits it). */
  attach(handle: DbHandle): Promise<void>;
}

/**
 * The queue is started as part of opening the database, before anyone can begin a transaction:
 * an enqueue inside a transaction must never wait for the queue's own start-up, which on the
 * single-session PGlite would wait for that very transaction.
 */
export function lazyJobs(services: Services, db: () => Promise<DbHandle>): Jobs {
  let queue: Promise<JobQueue> | undefined;
  return {
    attach(handle) {
      queue ??= (async () => {
        const created = new JobQueue(handle, services.report);
        created.define(jobDefinitions(services));
        await created.ready();
        return created;
      })();
      return queue.then(() => undefined);
    },
    async queue() {
      await db();
      return queue!;
    },
    async send(name, data, options) {
      await db();
      await (await queue!).send(name, data, options);
    },
  };
}

/**
 * Runs the jobs in this process (WORKER=on, or npm run worker): every queue, the every-minute
 * sweeps, and the bank statement more often than once a minute when configured so.
 */
export async function startWorker(services: Services): Promise<() => Promise<void>> {
  const queue = await services.jobs.queue();
  await queue.work();
  const seconds = services.config.payments.bankPollSeconds;
  const timer = seconds < 60 ? setInterval(() => void queue.send('payments.bank-import', {}, { singletonKey: 'bank' }), seconds * 1000) : undefined;
  return async () => {
    if (timer) clearInterval(timer);
    await queue.stop();
  };
}
