import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type DbHandle, type OpenDbOptions, openDb } from '@/server/db/open-db';

/**
 * The databases integration tests run against: embedded PGlite always, and PostgreSQL when
 * DATABASE_URL is set. Each test database is brand new, so migrations run from zero, and it is
 * removed afterwards.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** Options that open this database (call openDb as often as a test needs). */
  options: OpenDbOptions;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

export const databaseKinds = (): TestDatabase['name'][] =>
  process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export async function createTestDatabase(kind: TestDatabase['name']): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'dzb-pglite-'));
    const options = { pgliteDir: path.join(dir, 'db') };
    return {
      name: kind,
      options,
      open: () => openDb(options),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `dzb_it_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const options = { databaseUrl: url.toString() };
  return {
    name: kind,
    options,
    open: () => openDb(options),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
