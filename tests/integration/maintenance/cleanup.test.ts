import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '@/server/db/schema/idempotency';
import { forgetExpiredKeys } from '@/server/jobs/cleanup';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases';
import { type TestServices, testServices } from '../support/services';

function sampleKey(key: string) {
  return { scope: 'VoucherOrderCreate', key, requestHash: 'h' };
}

describe.each(databaseKinds())('the hourly maintenance on %s', (kind) => {
  let database: TestDatabase;
  let ctx: TestServices;
  afterEach(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it('forgets idempotency keys older than a day and keeps the planner informed where nothing else does', async () => {
    database = await createTestDatabase(kind);
    const handle = await database.open();
    ctx = testServices({ APP_ENV: 'test' }, { db: handle });
    const now = new Date('2026-11-22T10:00:00Z');
    ctx.setNow(now);
    await handle.db.insert(idempotencyKeys).values([
      { ...sampleKey('old'), createdAt: new Date(now.getTime() - 25 * 3_600_000) },
      { ...sampleKey('new'), createdAt: new Date(now.getTime() - 3_600_000) },
    ]);
    // Never analysed: PostgreSQL says it does not know the table's size.
    const tuples = async () =>
      ((await handle.db.execute(sql`select reltuples from pg_class where relname = 'idempotency_keys'`)) as unknown as { rows: { reltuples: number }[] }).rows[0]!.reltuples;
    expect(Number(await tuples())).toBe(-1);

    await forgetExpiredKeys(ctx.services);

    const left = await handle.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key)).toEqual(['new']);
    // PGlite has no autovacuum, so the job analyses there; PostgreSQL's autovacuum does it itself.
    if (kind === 'pglite') expect(Number(await tuples())).toBe(1);
  });
});
