import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Incoming transfers on the operator's bank account, as the sandbox bank records them. The site
 * reads them like a bank statement (GET /sandbox/api/bank/statement), in id order.
 */
export const sandboxBankTransfers = pgTable('sandbox_bank_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  variableSymbol: text('variable_symbol').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** The payer's account, so a refund can go back to it. */
  counterpartyAccount: text('counterparty_account').notNull(),
  message: text('message').notNull().default(''),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
