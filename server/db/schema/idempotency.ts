import { customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Idempotency keys of create calls: the first answer is stored and replayed for a retry with the
 * same key; the same key with another request is refused. Rows older than a day are deleted.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The operation, e.g. dzb.v1.ApiService/VoucherOrderCreate. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The response message (binary protobuf) once the first call finished. */
    response: bytea('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
