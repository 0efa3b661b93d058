import { describe, expect, it } from 'vitest';
import { DomainError } from '@/server/errors';
import { renderQueue } from '@/server/notifications/pdf/render-queue';

/** A render that finishes when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { render: async () => (await done, 'pdf'), finish };
}

const code = (promise: Promise<unknown>) => promise.then(
  () => 'ok',
  (error: unknown) => (error instanceof DomainError ? `${error.code} ${error.hints.retryAfterSeconds}` : String(error)),
);

/** Until the queue shows what the test waits for (each step is a turn of the event loop, no clock). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the render queue', () => {
  it('runs a few at once, lets the next request wait its turn, and refuses one more at once', async () => {
    const queue = renderQueue({ atOnce: 2, queue: 1, waitMs: 60_000 });
    const [a, b, c] = [held(), held(), held()];
    const first = queue.run(a.render, 'request');
    const second = queue.run(b.render, 'request');
    const third = queue.run(c.render, 'request');
    await until(() => queue.stats().started === 2 && queue.stats().waiting === 1);
    expect(await code(queue.run(async () => 'never', 'request'))).toBe('server_busy 2');
    // A job is not a visitor: it waits behind a full queue of requests.
    const job = queue.run(async () => 'job pdf', 'job');
    expect(queue.stats()).toEqual({ started: 2, refused: 1, running: 2, waiting: 2 });
    a.finish();
    b.finish();
    c.finish();
    expect(await Promise.all([first, second, third, job])).toEqual(['pdf', 'pdf', 'pdf', 'job pdf']);
    expect(queue.stats()).toEqual({ started: 4, refused: 1, running: 0, waiting: 0 });
  });

  it('refuses a request that waited its bound without a render coming free, and then serves the queue on', async () => {
    const queue = renderQueue({ atOnce: 1, queue: 4, waitMs: 50 });
    const a = held();
    const first = queue.run(a.render, 'request');
    expect(await code(queue.run(async () => 'late', 'request'))).toBe('server_busy 2');
    expect(queue.stats()).toMatchObject({ refused: 1, running: 1, waiting: 0 });
    a.finish();
    expect(await first).toBe('pdf');
    expect(await queue.run(async () => 'next', 'request')).toBe('next');
  });

  it('frees the slot of a render that fails', async () => {
    const queue = renderQueue({ atOnce: 1, queue: 0, waitMs: 50 });
    expect(await code(queue.run(async () => Promise.reject(new Error('broken font')), 'request'))).toBe('Error: broken font');
    expect(await queue.run(async () => 'pdf', 'request')).toBe('pdf');
  });

  it('does the work of one key once at a time: who asks meanwhile shares it', async () => {
    const queue = renderQueue({ atOnce: 1, queue: 1, waitMs: 60_000 });
    let runs = 0;
    const a = held();
    const work = async () => (runs++, a.render());
    const both = Promise.all([queue.once('order/invoice/v1', work), queue.once('order/invoice/v1', work)]);
    a.finish();
    expect(await both).toEqual(['pdf', 'pdf']);
    expect(runs).toBe(1);
    await queue.once('order/invoice/v1', async () => (runs++, 'again'));
    expect(runs).toBe(2);
  });
});
