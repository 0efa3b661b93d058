import { serverBusy } from '../../errors';
import { singleFlight } from '../../util/single-flight';

/**
 * Who is waiting for a render: a request waits briefly and only behind a short queue (a visitor
 * is better told to retry than kept hanging); a job e-mailing a document waits its turn however
 * long, its queue being bounded by the job queue's own concurrency.
 */
export type RenderPatience = 'request' | 'job';

export interface RenderLimits {
  /** Renders at once. A render is CPU work on the event loop, so a few suffice. */
  atOnce: number;
  /** Requests that may wait for a render; one more is refused at once. */
  queue: number;
  /** How long a request waits for a render to start before it is refused. */
  waitMs: number;
}

export interface RenderQueue {
  /** Runs a render when a slot is free; a request that cannot start in time gets `server_busy`. */
  run<T>(render: () => Promise<T>, patience: RenderPatience): Promise<T>;
  /** Runs `work` once at a time per key: a caller asking while it runs shares its outcome. */
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Renders started so far, requests refused, and what runs and waits now. */
  stats(): { started: number; refused: number; running: number; waiting: number };
}

interface Waiter {
  start: () => void;
  patience: RenderPatience;
}

/** The renders of this process (Services.renders): at most `atOnce`, the rest in one queue, oldest first. */
export function renderQueue(limits: RenderLimits): RenderQueue {
  let running = 0;
  let started = 0;
  let refused = 0;
  const waiting: Waiter[] = [];
  const shared = singleFlight<unknown>();

  const refuse = (why: string) => {
    refused++;
    return serverBusy(why);
  };

  const slot = (patience: RenderPatience): Promise<void> => {
    if (running < limits.atOnce) {
      running++;
      return Promise.resolve();
    }
    const requests = waiting.filter((w) => w.patience === 'request').length;
    if (patience === 'request' && requests >= limits.queue) return Promise.reject(refuse('the render queue is full'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { patience, start: () => (clearTimeout(timer), resolve()) };
      const timer =
        patience === 'request'
          ? setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              reject(refuse('no render came free in time'));
            }, limits.waitMs)
          : undefined;
      waiting.push(waiter);
    });
  };

  // The slot passes straight to the next in line, so a newcomer never overtakes the queue.
  const release = () => {
    const next = waiting.shift();
    if (next) next.start();
    else running--;
  };

  return {
    async run(render, patience) {
      await slot(patience);
      try {
        // A fresh turn of the event loop first: what waited behind the last render (I/O, other
        // requests) goes before this one blocks the loop again.
        await new Promise((resolve) => setImmediate(resolve));
        started++;
        return await render();
      } finally {
        release();
      }
    },
    once: (key, work) => shared(key, work) as ReturnType<typeof work>,
    stats: () => ({ started, refused, running, waiting: waiting.length }),
  };
}
