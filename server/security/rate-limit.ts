import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/rate-limits';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { BUDGETS, type BudgetName } from './budgets';
import { clientKey } from './client-key';

/** Gives units taken from a budget back (for units that turned out not to count). */
export type GiveBack = (units: number) => Promise<void>;

type Counting = Pick<Services, 'clock' | 'config' | 'db'>;

interface Window {
  bucket: string;
  start: Date;
  /** Seconds until the window ends: the Retry-After of a refusal. */
  secondsLeft: number;
}

/**
 * Takes `units` from one counter of a budget of the table in budgets.ts: `who` is "site" for a
 * site-wide budget, else a client key (client-key.ts) or a visitor's pass ("v:<id>"). The take is
 * one conditional upsert that never lets the count pass the budget, so 200 concurrent callers
 * against a budget of 10 get at most 10 units between them, on every replica. A spent counter
 * throws too_many_requests with the seconds until the window ends; otherwise the answer gives
 * units back.
 */
export async function take(services: Counting, name: BudgetName, who: string, units = 1): Promise<GiveBack> {
  const { max } = services.config.budgets[name];
  const window = windowOf(services, name, who);
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

/**
 * Takes units from a budget for the client at `address` (or the site, for a site budget), without
 * any step-up: for the operator console's own budget. An unknown address is refused outright.
 */
export async function spend(services: Counting, name: BudgetName, address: string | undefined, units = 1): Promise<GiveBack> {
  const who = whoOf(name, address);
  if (!who) throw new DomainError('too_many_requests', `budget ${name}: the client's address is unknown`, { retryAfterSeconds: 60 });
  return take(services, name, who, units);
}

/** Adds `units` to a counter without a limit and answers the count after (tallies beyond a budget). */
export async function tally(services: Counting, name: BudgetName, who: string, units: number): Promise<number> {
  const window = windowOf(services, name, who);
  const { db } = await services.db();
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: window.bucket, windowStart: window.start, count: units })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + ${units}` },
    })
    .returning({ count: rateLimitCounters.count });
  return row?.count ?? units;
}

/** How many units of a budget's current window the client at `address` (or the site) used (a read; no write). */
export async function used(services: Counting, name: BudgetName, address: string | undefined): Promise<number> {
  const who = whoOf(name, address);
  if (!who) return 0;
  const window = windowOf(services, name, who);
  const { db } = await services.db();
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, window.bucket), eq(rateLimitCounters.windowStart, window.start)));
  return row?.count ?? 0;
}

/** Whose counter a budget takes from for a caller at `address`: the site's, or the client's (none if unknown). */
export function whoOf(name: BudgetName, address: string | undefined): string | undefined {
  return BUDGETS[name].per === 'site' ? 'site' : clientKey(address);
}

function windowOf(services: Counting, name: BudgetName, who: string): Window {
  const { windowSeconds } = services.config.budgets[name];
  const windowMs = windowSeconds * 1000;
  const now = services.clock.now().getTime();
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    bucket: `${name}:${who}`,
    start: new Date(start),
    secondsLeft: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

/** Forgets windows that ended (job maintenance.cleanup): older than the longest window, and a day at least. */
export async function forgetOldWindows(services: Counting): Promise<void> {
  const longest = Math.max(86_400, ...Object.values(services.config.budgets).map((b) => b.windowSeconds));
  const { db } = await services.db();
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(services.clock.now().getTime() - longest * 1000)));
}
