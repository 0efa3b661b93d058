import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/server/db/open-db';
import { type JobData, JobQueue } from '@/server/jobs/queue';
import { OutcomeUnknown } from '@/server/outside/outcome';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds())('the job queue on %s', (kind) => {
  let database: TestDatabase;
  let handle: DbHandle;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await handle?.close();
    await database?.drop();
  });

  async function start(handler: (data: JobData) => Promise<void>, options: { pollingIntervalSeconds?: number; before?: (queue: JobQueue) => Promise<void> } = {}) {
    database = await createTestDatabase(kind);
    handle = await database.open();
    queue = new JobQueue(handle, (error) => console.error(error));
    queue.define([{ name: 'test.record', retryLimit: 2, expireInSeconds: 30, handler }]);
    await options.before?.(queue);
    await queue.work({ pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 });
    return queue;
  }

  it('drains a backlog job after job, waiting the polling interval only when the queue is empty', async () => {
    const seen: JobData[] = [];
    // Five jobs wait before the worker starts; at one per polling interval they would take two minutes.
    await start(async (data) => void seen.push(data), {
      pollingIntervalSeconds: 30,
      before: async (jobs) => {
        await jobs.ready();
        for (const id of ['a', 'b', 'c', 'd', 'e']) await jobs.send('test.record', { id }, { singletonKey: id });
      },
    });
    await until(() => seen.length === 5, 20_000);
    expect(seen.map((data) => data.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('enqueues with a transaction: a rolled-back change leaves no job, a committed one runs once', async () => {
    const seen: JobData[] = [];
    const jobs = await start(async (data) => void seen.push(data));
    await handle.db
      .transaction(async (tx) => {
        await jobs.send('test.record', { id: 'rolled-back' }, { tx });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await jobs.send('test.record', { id: 'committed' }, { tx });
    });
    await until(() => seen.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen).toEqual([{ id: 'committed' }]);
  });

  it('retries a failing job', async () => {
    let attempts = 0;
    const jobs = await start(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('first attempt fails');
    });
    await jobs.send('test.record', { id: 'flaky' });
    await until(() => attempts >= 2, 30_000);
    expect(attempts).toBe(2);
  });

  it('keeps one job per business id: sends with a key that is pending or running add nothing', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const jobs = await start(async (data) => {
      seen.push(String(data.id));
      await held;
    });
    // Three sends of one key while the first waits: one job.
    await Promise.all([1, 2, 3].map((n) => jobs.send('test.record', { id: `order-1#${n}` }, { singletonKey: 'order-1' })));
    await until(() => seen.length === 1);
    // While it runs, another send with the key adds nothing either; another key does.
    await jobs.send('test.record', { id: 'order-1#4' }, { singletonKey: 'order-1' });
    await jobs.send('test.record', { id: 'order-2#1' }, { singletonKey: 'order-2' });
    release();
    await until(() => seen.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(seen).toEqual([expect.stringMatching(/^order-1#[123]$/), 'order-2#1']);
    // Once it is done, the key is free again.
    await jobs.send('test.record', { id: 'order-1#5' }, { singletonKey: 'order-1' });
    await until(() => seen.length === 3);
    expect(seen[2]).toBe('order-1#5');
  });

  it('puts a job off as long as an outside system asked (Retry-After), not by the queue backoff', async () => {
    const seen: JobData[] = [];
    const jobs = await start(async (data) => {
      seen.push(data);
      throw new OutcomeUnknown('Booking.com', '/orders/cancel', 'HTTP 429', { retryAfterMs: 120_000 });
    });
    await jobs.send('test.record', { orderId: 'order-9' }, { singletonKey: 'order-9' });
    await until(() => seen.length === 1);
    // pg-boss keeps its jobs in its own schema.
    const rows = async () =>
      ((await handle.db.execute(sql`SELECT state, singleton_key, data, start_after FROM pgboss.job WHERE name = 'test.record' ORDER BY created_on`)) as unknown as {
        rows: { state: string; singleton_key: string; data: JobData; start_after: string }[];
      }).rows;
    let jobsNow = await rows();
    const end = Date.now() + 10_000;
    while (jobsNow[0]?.state !== 'completed' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      jobsNow = await rows();
    }
    expect(jobsNow.map((j) => [j.state, j.singleton_key])).toEqual([
      ['completed', 'order-9'],
      ['created', 'order-9:wait1'],
    ]);
    expect(jobsNow[1]!.data).toEqual({ orderId: 'order-9', retryAfterWaits: 1 });
    const waitMs = new Date(jobsNow[1]!.start_after).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(100_000);
    expect(waitMs).toBeLessThanOrEqual(121_000);
    expect(seen).toHaveLength(1);
  });

  it('handles a failure of a job its cron schedule started (no data) like any other', async () => {
    const seen: (JobData | null)[] = [];
    const jobs = await start(async (data) => {
      seen.push(data);
      if (seen.length === 1) throw new OutcomeUnknown('the bank', '/statement', 'HTTP 503', { retryAfterMs: 1_000 });
      if (seen.length === 2) throw new Error('the statement could not be read');
    });
    // pg-boss starts a cron job with null data, which the typed send does not allow.
    await jobs.send('test.record', null as unknown as JobData);
    // Asked to wait: it comes back after the wait, then a plain failure is retried by the queue.
    await until(() => seen.length >= 3, 60_000);
    expect(seen).toEqual([null, { retryAfterWaits: 1 }, { retryAfterWaits: 1 }]);
  }, 120_000);
});
