import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the site makes for itself on first use and shares between replicas through the
 * database (the key that signs proof-of-work challenges). Never configured, never logged.
 */
export const siteSecrets = pgTable('site_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Proof-of-work challenges already used: each solution buys one call. Expired rows are deleted. */
export const spentChallenges = pgTable('spent_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
