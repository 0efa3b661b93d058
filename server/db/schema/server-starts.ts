import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per server start, written after migrations: which build ran where and when. Operators
 * read it to line up incidents with deployments; it is append-only.
 */
export const serverStarts = pgTable('server_starts', {
  id: uuid('id').primaryKey().defaultRandom(),
  buildId: text('build_id').notNull(),
  version: text('version').notNull(),
  commit: text('commit').notNull(),
  env: text('env').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
