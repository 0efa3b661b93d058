import { afterAll, describe, expect, it } from 'vitest';
import { sandboxDb, type SandboxStore } from '@/sandbox/db/database';
import type { DbHandle } from '@/server/db/open-db';
import { createTestDatabase, type TestDatabase } from './support/databases';

/**
 * Replicas on one PostgreSQL database meet their first simulator call at the same moment (found
 * by the soak test: two web processes both creating the Booking.com simulator's tables, one of
 * them failing that visitor's request). Each store is migrated once, whoever comes first.
 */
describe.runIf(process.env.DATABASE_URL)('the simulators’ tables, migrated by several processes at once', () => {
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });

  it('are created once, and every process may use them', async () => {
    database = await createTestDatabase('postgres');
    for (let i = 0; i < 3; i++) handles.push(await database.open());
    const stores: SandboxStore[] = ['booking', 'gateways', 'bank', 'mail'];
    const opened = await Promise.allSettled(handles.flatMap((handle) => stores.map((store) => sandboxDb(handle, store))));
    expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
    const [handle] = handles;
    const { rows } = await (handle!.driver as { pool: import('pg').Pool }).pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'sandbox_booking_orders'",
    );
    expect(rows[0]!.n).toBe('1');
  });
});
