import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message sent through the contact form, stored before it is mailed to support, so a
 * failed delivery never loses it (the outbox retries; support can also read it here).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    site: text('site').notNull(),
    language: text('language').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The sender's address, for abuse handling. */
    client: text('client').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_messages_created').on(t.createdAt)],
);
