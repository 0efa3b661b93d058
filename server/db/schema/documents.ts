import { sql } from 'drizzle-orm';
import { check, customType, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Every PDF the site made, rendered once per version (server/notifications/pdf/rendered.ts): the
 * version is a hash of everything the document prints and of its layout, so a change to either
 * (a cancellation, a payment, a new layout) makes a new one, and the same data is never rendered
 * twice. The owner is the order of an invoice, a credit note or a booking confirmation, the voucher
 * of a voucher.
 * Only the newest version of a document is kept; the e-mails keep their own copies.
 */
export const renderedDocuments = pgTable(
  'rendered_documents',
  {
    ownerId: uuid('owner_id').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.kind, t.version] }),
    check('rendered_documents_kind', sql`${t.kind} IN ('invoice', 'booking_confirmation', 'voucher', 'credit_note')`),
  ],
);
