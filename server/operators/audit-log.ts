import 'server-only';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';

export interface AuditLogEntry {
  at: Date;
  email: string;
  action: string;
  subject: string | null;
  /** The order the subject belongs to, when it names an order, one of its payments or their refunds. */
  orderNumber: string | null;
  /** The voucher's code, when the subject names a voucher. */
  voucherCode: string | null;
  reason: string | null;
}

/** How many entries the console shows: the newest. */
export const AUDIT_SHOWN = 200;

/** The audit log, newest first, each entry with the order it concerns when there is one. */
export async function auditLog(services: Services): Promise<AuditLogEntry[]> {
  const { db } = await services.db();
  const result = await db.execute(sql`
    SELECT a.at, op.email, a.action, a.subject, a.reason, COALESCE(o.number, p.order_number, rp.order_number) AS order_number, v.code AS voucher_code
      FROM operator_audit a
      JOIN operators op ON op.id = a.operator_id
      LEFT JOIN orders o ON o.id::text = split_part(a.subject, ':', 2)
      LEFT JOIN payments p ON p.id::text = split_part(a.subject, ':', 2)
      -- A part of a transfer sent back by hand is named by its refund.
      LEFT JOIN payment_refunds r ON r.id::text = split_part(a.subject, ':', 2)
      LEFT JOIN payments rp ON rp.id = r.payment_id
      LEFT JOIN vouchers v ON v.id::text = split_part(a.subject, ':', 2)
     ORDER BY a.seq DESC
     LIMIT ${AUDIT_SHOWN}`);
  type Row = { at: Date | string; email: string; action: string; subject: string | null; reason: string | null; order_number: string | null; voucher_code: string | null };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    at: new Date(row.at),
    email: row.email,
    action: row.action,
    subject: row.subject,
    orderNumber: row.order_number,
    voucherCode: row.voucher_code,
    reason: row.reason,
  }));
}
