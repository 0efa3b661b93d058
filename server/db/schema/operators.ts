import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The people of the company who work in the operator console. Created by `npm run operator`,
 * never by a sign-up page; a disabled operator keeps their row (the audit log names them).
 * We store no passwords: an operator signs in with a passkey.
 */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  /** support: read and resend; finance: also the actions that move money or value. */
  role: text('role', { enum: ['support', 'finance'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/** A passkey of an operator: the public key and the signature counter WebAuthn keeps. */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    /** The credential id, base64url, as the authenticator gave it. */
    id: text('id').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull(),
    /** The transports the browser reported (usb, internal, hybrid, …), comma-separated. */
    transports: text('transports').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('operator_passkeys_operator').on(t.operatorId)],
);

/**
 * One-time links that let an operator add a passkey, e-mailed by `npm run operator`. Only the
 * SHA-256 of the token is kept, so the table read back gives nobody a way in.
 */
export const operatorEnrolments = pgTable('operator_enrolments', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: uuid('operator_id')
    .notNull()
    .references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Signed-in operators. The cookie holds a random token; the table holds its SHA-256. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is answered once (deleted when
 * used) and only for a few minutes. `operatorId` is set for an enrolment, empty for a sign-in
 * (the passkey itself then says who signs in).
 */
export const operatorChallenges = pgTable('operator_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['enrol', 'sign-in'] }).notNull(),
  operatorId: uuid('operator_id').references(() => operators.id),
  /** For an enrolment: the link's token hash, used up when the passkey is stored. */
  enrolmentHash: text('enrolment_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * What operators did, append-only: the migration makes the database refuse to change or remove
 * a row. Each action of the console writes its entry in the transaction that makes the change.
 * Entries form a hash chain in `seq` order (server/operators/audit-chain.ts), so a change made
 * with that refusal switched off shows up in `npm run operator -- audit-verify`.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: uuid('id').primaryKey(),
    /** The order entries were written in, whatever the clocks said. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** What was done: signed-in, signed-out, passkey-added, and each console action's name. */
    action: text('action').notNull(),
    /** What it was done to (an order number, a voucher id), empty for the operator's own session. */
    subject: text('subject'),
    /** The reason the operator typed. */
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * SHA-256 (hex) of the previous entry's hash and this entry's content; 'before-chain' on the
     * entries written before the chain began (migration 0014), which may only precede it.
     */
    hash: text('hash').notNull(),
  },
  (t) => [index('operator_audit_subject').on(t.subject, t.at), index('operator_audit_at').on(t.at), uniqueIndex('operator_audit_seq').on(t.seq)],
);
