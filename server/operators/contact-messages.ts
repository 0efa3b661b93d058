import 'server-only';
import { isUuid } from '@/lib/route-params';
import { sql } from 'drizzle-orm';
import { operatorAudit } from '../db/schema/operators';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { audit } from './audit';
import type { Operator } from './roles';

export interface ContactMessage {
  id: string;
  site: string;
  fullName: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  /** Who marked it answered and when; undefined while it is new. */
  answered?: { by: string; at: Date; note: string | null };
}

/** How many messages the console lists: the newest, new ones first. */
export const MESSAGES_SHOWN = 100;

/**
 * The contact form's messages (they are e-mailed to support too), new ones first and then the
 * answered, newest first in each. A message is answered when an operator has said so: the audit
 * log holds that, so the message itself is never changed.
 */
export async function contactMessages(services: Services): Promise<ContactMessage[]> {
  const { db } = await services.db();
  const result = await db.execute(sql`
    SELECT c.id, c.site, c.full_name, c.email, c.subject, c.message, c.created_at, a.at AS answered_at, a.reason AS note, o.email AS answered_by
      FROM contact_messages c
      LEFT JOIN operator_audit a ON a.action = 'contact-answered' AND a.subject = 'contact:' || c.id::text
      LEFT JOIN operators o ON o.id = a.operator_id
     ORDER BY (a.at IS NULL) DESC, c.created_at DESC
     LIMIT ${MESSAGES_SHOWN}`);
  type Row = { id: string; site: string; full_name: string; email: string; subject: string; message: string; created_at: Date | string; answered_at: Date | string | null; note: string | null; answered_by: string | null };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    site: row.site,
    fullName: row.full_name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: new Date(row.created_at),
    answered: row.answered_at ? { by: row.answered_by ?? '', at: new Date(row.answered_at), note: row.note } : undefined,
  }));
}

/** Marks a message answered, once (the subject is locked, then checked); false when it already was or does not exist. */
export async function markAnswered(services: Services, operator: Operator, messageId: string, note: string): Promise<boolean> {
  if (!isUuid(messageId)) return false;
  const subject = `contact:${messageId}`;
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${subject}))`);
    const found = await tx.execute(sql`
      SELECT 1 FROM contact_messages c WHERE c.id = ${messageId}::uuid
         AND NOT EXISTS (SELECT 1 FROM ${operatorAudit} a WHERE a.action = 'contact-answered' AND a.subject = ${subject})`);
    if ((found as unknown as { rows: unknown[] }).rows.length === 0) return false;
    await audit(services, tx, { operatorId: operator.id, action: 'contact-answered', subject, reason: note.trim().slice(0, 500) || undefined });
    return true;
  });
}
