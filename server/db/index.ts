import 'server-only';
import { BUILD_INFO } from '@/lib/build-info';
import { config } from '../config';
import { type DbHandle, openDb } from './open-db';
import { serverStarts } from './schema';

// Kept on globalThis so that dev-mode module reloads reuse the one PGlite owner of ./data.
const holder = globalThis as typeof globalThis & { __dzbDb?: Promise<DbHandle> };

/**
 * The application's database, opened and migrated once per process. A failed open is not cached,
 * so /healthz and the next request try again once the database is back.
 */
export function getDb(): Promise<DbHandle> {
  if (!holder.__dzbDb) {
    const cfg = config();
    holder.__dzbDb = openDb({ databaseUrl: cfg.databaseUrl, pgliteDir: cfg.pgliteDir }).catch(
      (error: unknown) => {
        holder.__dzbDb = undefined;
        throw error;
      },
    );
  }
  return holder.__dzbDb;
}

/** Records this server start; called once from instrumentation.ts after migrations. */
export async function recordServerStart(handle: DbHandle): Promise<void> {
  await handle.db.insert(serverStarts).values({
    buildId: BUILD_INFO.id,
    version: BUILD_INFO.version,
    commit: BUILD_INFO.commit,
    env: config().appEnv,
  });
}
