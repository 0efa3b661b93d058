import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Every e-mail the site sends, written before it is sent. `event_key` names the business event
 * (e.g. voucher-issued:<voucher id>) and is unique, so one event can never send twice. In sandbox
 * mode (or without SMTP_URL) this table is the outbox people read at /sandbox/mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    eventKey: text('event_key').notNull().unique(),
    site: text('site').notNull(),
    toAddress: text('to_address').notNull(),
    /** Where replies go (a contact-form message is answered to its sender). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** queued → sent (or failed after the last attempt); sandbox mode stops at "sent" without SMTP. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_created').on(t.createdAt),
    check('mail_outbox_status', sql`${t.status} IN ('queued', 'sent', 'failed')`),
  ],
);

export const mailAttachments = pgTable('mail_attachments', {
  id: uuid('id').primaryKey(),
  mailId: uuid('mail_id')
    .notNull()
    .references(() => mailOutbox.id),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
});
