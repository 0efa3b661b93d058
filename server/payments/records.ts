import type { payments } from '../db/schema/payments';

/** A payment row as the domain reads it. */
export type PaymentRecord = typeof payments.$inferSelect;

/** Where a payment came from, for its event row. */
export type PaymentSource = 'create' | 'return' | 'notification' | 'reconcile' | 'expiry' | 'bank' | 'refund' | 'owner';

/** The payments that count for their owner: those not replaced by a new attempt. */
export function current(records: readonly PaymentRecord[]): PaymentRecord[] {
  return records.filter((record) => record.replacedBy === null);
}
