import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/rate-limits';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { BUDGETS, type BudgetName } from './budgets';
import { clientKey } from './client-key';

/** Gives units taken from a budget back (for units that turned out not to count). */
export type GiveBack = (units: number) => Promise<void>;

interface Window {
  bucket: string;
  start: Date;
  /** Seconds until the window ends: the Retry-After of a refusal. */
  secondsLeft: number;
}

/**
 * Takes `units` from a budget of the table in budgets.ts, for everybody ("site" budgets) or for
 * the caller at `address`. The take is one conditional upsert that never lets the count pass
 * the budget, so 200 concurrent callers against a budget of 10 get at most 10 units between
 * them, on every replica. A spent budget throws too_many_requests with the seconds until the
 * window ends; otherwise the answer gives units back.
 */
export async function spend(services: Services, name: BudgetName, address: string, units = 1): Promise<GiveBack> {
  const { max } = services.config.budgets[name];
  const window = windowOf(services, name, address);
  const { db } = await services.db();
  const rows =
    units > max
      ? []
      : await db
          .insert(rateLimitCounters)
          .values({ bucket: window.bucket, windowStart: window.start, count: units })
          .onConflictDoUpdate({
            target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
            set: { count: sql`${rateLimitCounters.count} + ${units}` },
            setWhere: sql`${rateLimitCounters.count} + ${units} <= ${max}`,
          })
          .returning({ count: rateLimitCounters.count });
  if (rows.length === 0) throw new DomainError('too_many_requests', `budget ${name} is spent`, { retryAfterSeconds: window.secondsLeft });
  return async (back) => {
    if (back <= 0) return;
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - ${back}, 0)` })
      .where(and(eq(rateLimitCounters.bucket, window.bucket), eq(rateLimitCounters.windowStart, window.start)));
  };
}

/** Adds `units` to a budget without a limit and answers the count before and after (site-wide tallies). */
export async function tally(services: Services, name: BudgetName, address: string, units: number): Promise<{ before: number; after: number }> {
  const window = windowOf(services, name, address);
  const { db } = await services.db();
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: window.bucket, windowStart: window.start, count: units })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + ${units}` },
    })
    .returning({ count: rateLimitCounters.count });
  const after = row?.count ?? units;
  return { before: after - units, after };
}

/** How many units of a budget's current window are used (a read; no write). */
export async function used(services: Services, name: BudgetName, address: string): Promise<number> {
  const window = windowOf(services, name, address);
  const { db } = await services.db();
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, window.bucket), eq(rateLimitCounters.windowStart, window.start)));
  return row?.count ?? 0;
}

function windowOf(services: Services, name: BudgetName, address: string): Window {
  const { windowSeconds } = services.config.budgets[name];
  const windowMs = windowSeconds * 1000;
  const now = services.clock.now().getTime();
  const start = Math.floor(now / windowMs) * windowMs;
  const who = BUDGETS[name].per === 'site' ? 'site' : clientKey(address);
  return {
    bucket: `${name}:${who}`,
    start: new Date(start),
    secondsLeft: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

/** Forgets windows that ended (job maintenance.cleanup): older than the longest window, and a day at least. */
export async function forgetOldWindows(services: Services): Promise<void> {
  const longest = Math.max(86_400, ...Object.values(services.config.budgets).map((b) => b.windowSeconds));
  const { db } = await services.db();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(services.clock.now().getTime() - longest * 1000)));
}
