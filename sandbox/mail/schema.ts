import { customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Every message the sandbox mail server received over SMTP, as it arrived (`raw`, RFC 5322) and
 * as read from it for the viewer (subject, recipients, bodies, the attachments' names).
 */
export const sandboxMailReceived = pgTable(
  'sandbox_mail_received',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    envelopeFrom: text('envelope_from').notNull(),
    envelopeTo: jsonb('envelope_to').$type<string[]>().notNull(),
    messageId: text('message_id'),
    toHeader: text('to_header').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<{ fileName: string; contentType: string; size: number }[]>().notNull(),
    raw: bytea('raw').notNull(),
  },
  (t) => [index('sandbox_mail_received_at').on(t.receivedAt)],
);
