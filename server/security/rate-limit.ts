import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/rate-limits';
import type { Services } from '../services';

export interface Limit {
  /** What is counted, e.g. `voucher-lookup:ip:203.0.113.7`. */
  bucket: string;
  windowSeconds: number;
  max: number;
}

/**
 * Takes one unit from a fixed-window budget shared by every replica. The increment is a single
 * upsert, so 200 concurrent callers against a budget of 10 admit at most 10. Returns a release
 * function that gives the unit back (for budgets that count failures only: reserve first, give
 * back on success), or undefined when the budget is spent.
 */
export async function take(services: Services, limit: Limit): Promise<(() => Promise<void>) | undefined> {
  const { db } = await services.db();
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(services.clock.now().getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: limit.bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const release = async () => {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(and(eq(rateLimitCounters.bucket, limit.bucket), eq(rateLimitCounters.windowStart, windowStart)));
  };
  if ((row?.count ?? Infinity) > limit.max) {
    await release();
    return undefined;
  }
  return release;
}

/** Forgets windows older than a day (job maintenance.cleanup). */
export async function forgetOldWindows(services: Services): Promise<void> {
  const { db } = await services.db();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(services.clock.now().getTime() - 86_400_000)));
}
