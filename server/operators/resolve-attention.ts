import 'server-only';
import { isUuid } from '@/lib/route-params';
import { and, eq, sql } from 'drizzle-orm';
import { operatorAudit } from '../db/schema/operators';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { ATTENTION_KINDS, ATTENTION_ROLE, type AttentionItem, type AttentionKind, attentionSubject, needsAttention } from './attention';
import { audit, operatorReason } from './audit';
import type { Operator } from './roles';

/** Why marking an item dealt with was refused; nothing was written. */
export class AttentionRefused extends Error {
  override readonly name = 'AttentionRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'not_open') {
    super(reason);
  }
}

export function parseSubject(value: string): { kind: AttentionKind; id: string } | undefined {
  const [kind, id, ...rest] = value.split(':');
  if (rest.length > 0 || !id || !(ATTENTION_KINDS as readonly string[]).includes(kind ?? '')) return undefined;
  // A bank's id of a transfer is the bank's to choose; every other subject is one of our UUIDs.
  const valid = kind === 'transfer_unmatched' ? /^[\w.-]{1,100}$/.test(id) : isUuid(id);
  return valid ? { kind: kind as AttentionKind, id } : undefined;
}

/** The open item a subject names, if it is still open. */
export async function openItem(services: Services, subject: { kind: AttentionKind; id: string }): Promise<AttentionItem | undefined> {
  return (await needsAttention(services)).find((item) => item.kind === subject.kind && item.id === subject.id);
}

/**
 * Marks an item dealt with: one audit entry with the operator, the reason and what the item
 * said, written once however often the form is sent (the subject is locked, then checked).
 * Money items are finance's.
 */
export async function resolveAttention(services: Services, operator: Operator, subject: { kind: AttentionKind; id: string }, reason: string): Promise<AttentionItem> {
  if (ATTENTION_ROLE[subject.kind] === 'finance' && operator.role !== 'finance') throw new AttentionRefused('forbidden');
  const why = operatorReason(reason);
  if (!why) throw new AttentionRefused('no_reason');
  const item = await openItem(services, subject);
  if (!item) throw new AttentionRefused('not_open');
  const key = attentionSubject(item);
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    const [done] = await tx
      .select({ id: operatorAudit.id })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'attention-resolved'), eq(operatorAudit.subject, key)));
    if (done) throw new AttentionRefused('not_open');
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'attention-resolved',
      subject: key,
      reason: why,
      before: { kind: item.kind, orderNumber: item.orderNumber, since: item.since.toISOString(), ...item.facts },
      after: { resolved: true },
    });
  });
  return item;
}
