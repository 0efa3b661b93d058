import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/server/db/open-db';
import { readRows } from '@/server/db/statements';
import { sqlState } from '@/server/db/transaction';
import { serverStarts } from '@/server/db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases';

const migrationCount = readdirSync('drizzle').filter((f) => f.endsWith('.sql')).length;

async function migrationsApplied(handle: DbHandle): Promise<number | undefined> {
  const result = await handle.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
}

describe.each(databaseKinds())('database on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('runs a hand-written statement again and again with any text as its parameter, JSON parsed', async () => {
    database = await createTestDatabase(kind);
    const handle = await database.open();
    const echo = { name: 'test_echo', text: "select $1::text as said, json_build_object('said', $1::text) as doc" };
    for (const said of ["it's", 'back\\slash', "'); drop table orders; --", 'žluťoučký kůň']) {
      expect(await readRows(handle, echo, [said])).toEqual([{ said, doc: { said } }]);
    }
    expect(await readRows(handle, { name: 'test_none', text: 'select 1 as one where $1 = $1 and false' }, ['x'])).toEqual([]);
    await handle.close();
  });

  it('migrates an empty database and keeps its data across restarts', async () => {
    database = await createTestDatabase(kind);
    const first = await database.open();
    expect(first.kind).toBe(kind);
    await first.ping();
    await first.db.insert(serverStarts).values({ buildId: 'b1', version: '1.0.0', commit: 'abc', env: 'test' });
    await first.close();

    const second = await database.open();
    const rows = await second.db.select().from(serverStarts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ buildId: 'b1', version: '1.0.0', commit: 'abc', env: 'test' });
    expect(rows[0]?.startedAt).toBeInstanceOf(Date);
    expect(await migrationsApplied(second)).toBe(migrationCount);
    await second.close();
  });

  it('refuses rows that break the schema', async () => {
    database = await createTestDatabase(kind);
    const handle = await database.open();
    const failure = await handle.db
      .execute(sql`INSERT INTO server_starts (build_id, version, commit) VALUES ('b', 'v', 'c')`)
      .then(() => undefined, (error: unknown) => error);
    // 23502 = not_null_violation: the missing env column, not any other failure.
    expect(sqlState(failure)).toBe('23502');
    await handle.close();
  });

  it('reports a closed database as not answering', async () => {
    database = await createTestDatabase(kind);
    const handle = await database.open();
    await handle.close();
    await expect(handle.ping()).rejects.toThrow();
  });
});

describe.runIf(databaseKinds().includes('postgres'))('several replicas on one PostgreSQL', () => {
  it('start together and migrate exactly once', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const handles = await Promise.all(Array.from({ length: 4 }, () => database.open()));
      for (const handle of handles) expect(await migrationsApplied(handle)).toBe(migrationCount);
      await Promise.all(handles.map((h) => h.ping()));
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(databaseKinds().includes('postgres'))('a PostgreSQL connection dropped by the server', () => {
  it('is replaced on the next query instead of crashing the process', async () => {
    const database = await createTestDatabase('postgres');
    const handle = await database.open();
    try {
      await handle.ping();
      const admin = new Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = new URL(database.options.databaseUrl!).pathname.slice(1);
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // Let the termination notice reach the idle client before the next query.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await handle.ping();
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
