import 'server-only';
import { operatorAudit } from '../db/schema/operators';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';

export interface AuditEntry {
  operatorId: string;
  action: string;
  subject?: string;
  reason?: string;
  before?: unknown;
  after?: unknown;
}

/** Appends to the audit log, in the transaction of what it records (the table refuses changes). */
export async function audit(services: Services, tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(operatorAudit).values({
    id: crypto.randomUUID(),
    operatorId: entry.operatorId,
    at: services.clock.now(),
    action: entry.action,
    subject: entry.subject ?? null,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
