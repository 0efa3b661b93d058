import 'server-only';
import { sql } from 'drizzle-orm';
import { operatorAudit } from '../db/schema/operators';
import { nextChainHash } from './audit-chain';
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

/**
 * Appends to the audit log, in the transaction of what it records (the table refuses changes),
 * as the next link of its hash chain (audit-chain.ts; the chain's lock is held until `tx` ends).
 */
export async function audit(services: Services, tx: Tx, entry: AuditEntry): Promise<void> {
  const content = {
    id: crypto.randomUUID(),
    operatorId: entry.operatorId,
    at: services.clock.now(),
    action: entry.action,
    subject: entry.subject ?? null,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
  await tx.insert(operatorAudit).values({ ...content, hash: await nextChainHash(tx, content) });
}

/** What an operator types as the reason of an action: at most this long. */
export const MAX_REASON = 500;

/** The reason as it is kept, or undefined when it is empty or too long. */
export function operatorReason(typed: string): string | undefined {
  const reason = typed.trim();
  return reason.length > 0 && reason.length <= MAX_REASON ? reason : undefined;
}

/** Whether an action's form with this nonce was carried out already (a form sent twice acts once). */
export async function nonceUsed(tx: Tx, action: string, nonce: string): Promise<boolean> {
  const [done] = await tx
    .select({ id: operatorAudit.id })
    .from(operatorAudit)
    .where(sql`${operatorAudit.action} = ${action} AND ${operatorAudit.after}->>'nonce' = ${nonce}`);
  return done !== undefined;
}
