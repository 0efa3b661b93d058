import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbHandle } from '@/server/db/open-db';

/** The simulators that keep state, each with its own tables and migration history. */
export type SandboxStore = 'booking' | 'gateways' | 'bank' | 'mail';

// The simulators query only their own tables through it; the schema type stays theirs.
export type SandboxDb = PgDatabase<PgQueryResultHKT, Record<string, never>>;

const migrated = new WeakMap<DbHandle, Map<SandboxStore, Promise<SandboxDb>>>();

/**
 * A simulator's view of the site's database: its own tables (sandbox/<store>/schema.ts), migrated
 * on first use from sandbox/<store>/migrations into drizzle.__sandbox_<store>_migrations, so the
 * site's migrations never create them and production never has them.
 * Generate a store's migrations with `npm run db:generate:sandbox -- <store>`.
 */
export function sandboxDb(handle: DbHandle, store: SandboxStore): Promise<SandboxDb> {
  let stores = migrated.get(handle);
  if (!stores) {
    stores = new Map();
    migrated.set(handle, stores);
  }
  let ready = stores.get(store);
  if (!ready) {
    ready = migrate(handle, store);
    stores.set(store, ready);
    ready.catch(() => stores.delete(store));
  }
  return ready;
}

async function migrate(handle: DbHandle, store: SandboxStore): Promise<SandboxDb> {
  const options = {
    migrationsFolder: path.join(process.cwd(), 'sandbox', store, 'migrations'),
    migrationsTable: `__sandbox_${store}_migrations`,
  };
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as Parameters<typeof run>[0], options);
  } else if (handle.driver.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // Replicas on one database meet their first simulator call together (the soak test found
    // two creating the same table): they take turns, as the site's own migrations do.
    const client = await handle.driver.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SANDBOX_MIGRATION_LOCK]);
      await run(drizzle(client), options);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SANDBOX_MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  }
  return handle.db as unknown as SandboxDb;
}

// Any fixed 64-bit number other than the site's migration lock.
const SANDBOX_MIGRATION_LOCK = 7_310_450_222;
