import 'server-only';
import type { Db } from './open-db';

/** A drizzle transaction of the site's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs `work` in one transaction, retried (a bounded number of times) when PostgreSQL aborts it
 * for a serialization failure or a deadlock, as its documentation asks of every client. The work
 * must therefore have no side effects outside the database.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}

/** The SQLSTATE of a failed query, from the driver error drizzle may wrap. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
