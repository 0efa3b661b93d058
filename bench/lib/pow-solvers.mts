import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface Solved {
  /** The x-challenge-solution header to send with the repeated call. */
  header: string;
  /** SHA-256 steps the solver actually took (the counter it found, plus one). */
  steps: number;
  /** The work the challenge asked for on average, as signed into it. */
  work: number;
}

/**
 * Proof-of-work solvers on threads of their own, shared by every simulated client: the hashing
 * must not block the thread that times the requests. Each solves one challenge at a time; more
 * wait in line (the time a visitor waits for a free solver is part of their wait, not of a
 * request's latency).
 */
export class Solvers {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<number, { resolve: (s: Solved) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(join(import.meta.dirname, 'pow-worker.mjs'));
      worker.on('message', (message: { id: number; header?: string; steps?: number; work?: number; error?: string }) => {
        const entry = this.pending.get(message.id);
        this.pending.delete(message.id);
        this.release(worker);
        if (message.error || !message.header) entry?.reject(new Error(message.error ?? 'no solution'));
        else entry?.resolve({ header: message.header, steps: message.steps!, work: message.work! });
      });
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  /** How many challenges wait for a solver now (hostile clients give up rather than queue). */
  get backlog(): number {
    return this.waiting.length + (this.idle.length === 0 ? 1 : 0);
  }

  async solve(encoded: string): Promise<Solved> {
    const worker = this.idle.pop() ?? (await new Promise<Worker>((resolve) => this.waiting.push(() => resolve(this.idle.pop()!))));
    const id = this.nextId++;
    return new Promise<Solved>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, encoded });
    });
  }

  private release(worker: Worker): void {
    this.idle.push(worker);
    this.waiting.shift()?.();
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }
}
