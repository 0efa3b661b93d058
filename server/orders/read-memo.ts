import 'server-only';
import type { DbHandle } from '../db/open-db';
import type { OrderRead } from './read';

/**
 * Orders as this process last read them for their pages, each good exactly while the order is
 * still at the version it was read at: the triggers of drizzle/0019_order_versions.sql move the
 * version on every change of what the read holds, and the caller looks the version up on every
 * call, so a kept read is never stale, on one replica or many. A status page gains from it at
 * once: the poll that finds the order changed reads it, and the page it then renders asks for the
 * same version again. What depends on the clock (cancellability, a voucher's days left) is derived
 * from the read on every call, never kept. Kept per database (versions are a database's own), as
 * statements.ts keeps its prepared statements per connection.
 */
const KEPT = 1_000;
const keptIn = new WeakMap<DbHandle, Map<string, OrderRead>>();

/** The order as read at `version`, if this process read it at that version. */
export function keptRead(handle: DbHandle, orderId: string, version: string): OrderRead | undefined {
  const read = keptIn.get(handle)?.get(orderId);
  return read && String(read.order.version) === version ? read : undefined;
}

/** Whether this process keeps a read of the order, at whatever version. */
export function keepsRead(handle: DbHandle, orderId: string): boolean {
  return keptIn.get(handle)?.has(orderId) ?? false;
}

/** Keeps a read (never changed afterwards); the least recently kept of `KEPT` orders goes first. */
export function keepRead(handle: DbHandle, read: OrderRead): void {
  let kept = keptIn.get(handle);
  if (!kept) keptIn.set(handle, (kept = new Map()));
  kept.delete(read.order.id);
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(read.order.id, Object.freeze(read));
}
