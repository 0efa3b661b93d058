import 'server-only';
import type { Services } from '../services';
import { serverStarts } from './schema';

/** Records this server start (after migrations): which build ran where and when. */
export async function recordServerStart({ db, build, config }: Pick<Services, 'build' | 'config' | 'db'>): Promise<void> {
  const { db: database } = await db();
  await database.insert(serverStarts).values({
    buildId: build.id,
    version: build.version,
    commit: build.commit,
    env: config.appEnv,
  });
}
