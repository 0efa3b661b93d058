import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { claimPglite } from './pglite-owner';
import * as schema from './schema';
import { sheddingPool } from './shedding-pool';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for libraries that bring their own SQL (the pg-boss job queue). */
  driver: { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite } | { kind: 'postgres'; pool: import('pg').Pool };
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** postgres://… selects a PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or 'memory://' for a throwaway database (tests). */
  pgliteDir?: string;
  /**
   * PostgreSQL only: connections of the pool, and how long a query waits for one before it is
   * refused as `server_busy`. PGlite has one connection and no such wait: its queries queue.
   */
  pool?: { size: number; waitMs: number };
}

const DEFAULT_POOL = { size: 10, waitMs: 1_000 };

const MIGRATIONS = path.join(process.cwd(), 'drizzle');
// Any fixed 64-bit number; replicas that start together take turns migrating.
const MIGRATION_LOCK = 7_310_450_221;

/** Opens the database and brings its schema up to date before anything else may use it. */
export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.pool ?? DEFAULT_POOL)
    : openPglite(options.pgliteDir ?? './data/pglite');
}

async function openPostgres(url: string, limits: { size: number; waitMs: number }): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = sheddingPool(Pool, { connectionString: url, max: limits.size, connectionTimeoutMillis: limits.waitMs });
  // An idle connection the server drops (restart, failover, admin kill) must not crash the
  // process: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL connection lost:', error.message));
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const db = drizzle(pool, { schema });
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    close: () => pool.end(),
  };
}

async function openPglite(dir: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // PGlite creates only the last folder of the path itself.
  if (!dir.includes('://')) mkdirSync(dir, { recursive: true });
  const release = dir.includes('://') ? () => undefined : claimPglite(dir);
  try {
    const client = await PGlite.create(dir);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      driver: { kind: 'pglite', client },
      ping: async () => void (await db.execute(sql`SELECT 1`)),
      close: () => client.close().finally(release),
    };
  } catch (error) {
    release();
    throw error;
  }
}
