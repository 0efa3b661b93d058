import 'server-only';
import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import { operatorAudit } from '../db/schema/operators';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';

/**
 * The audit log as a hash chain. The append-only trigger stops the application's own mistakes,
 * but a role that owns the table can switch it off; then each entry's hash, SHA-256 of the
 * previous entry's hash and its own content, shows what was changed, removed or slipped in:
 * the first entry whose hash does not follow is named. The chain runs in `seq` order from
 * GENESIS; the entries written before it began (marked BEFORE_CHAIN by the migration that added
 * the hash) may only come before its first entry.
 *
 * A chain without a secret proves nothing against someone who rewrites every hash after the
 * entry they changed: keep the head that audit-verify prints somewhere the database's owners
 * cannot write, and compare.
 */
export const GENESIS = '0'.repeat(64);
export const BEFORE_CHAIN = 'before-chain';

/** What of an entry its hash covers: every column but `seq` (its place, which the chain itself fixes) and the hash. */
export interface ChainedContent {
  id: string;
  operatorId: string;
  at: Date;
  action: string;
  subject: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Only one transaction appends at a time (the lock is held until it ends), so each entry's
 * predecessor is the newest entry when it is written, and the `seq` it is given next is higher:
 * two appends can never both follow the same entry.
 */
const APPEND_LOCK = sql`SELECT pg_advisory_xact_lock(7204150331)`;

/** The hash a new entry must carry, with the append lock taken for the rest of `tx`. */
export async function nextChainHash(tx: Tx, content: ChainedContent): Promise<string> {
  await tx.execute(APPEND_LOCK);
  const [head] = await tx.select({ hash: operatorAudit.hash }).from(operatorAudit).orderBy(desc(operatorAudit.seq)).limit(1);
  return chainHash(head && head.hash !== BEFORE_CHAIN ? head.hash : GENESIS, content);
}

export function chainHash(previous: string, content: ChainedContent): string {
  return createHash('sha256').update(`${previous}\n${canonical(content)}`, 'utf8').digest('hex');
}

/**
 * One text per content, the same whether built from the values about to be written or from the
 * row read back: jsonb keeps neither key order nor spacing, so objects are written with sorted
 * keys, after the JSON round trip the database does too (dates become strings, undefined goes).
 */
function canonical(content: ChainedContent): string {
  return stable([
    content.id,
    content.operatorId,
    content.at.toISOString(),
    content.action,
    content.subject,
    content.reason,
    content.before === undefined ? null : JSON.parse(JSON.stringify(content.before)),
    content.after === undefined ? null : JSON.parse(JSON.stringify(content.after)),
  ]);
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export type ChainVerdict =
  | { intact: true; chained: number; beforeChain: number; head?: { seq: number; hash: string } }
  | { intact: false; chained: number; beforeChain: number; broken: { seq: number; id: string; at: Date; action: string; why: string } };

/** Walks the whole log in `seq` order, a page at a time, and names the first entry that breaks the chain. */
export async function verifyAuditChain(services: Services, pageSize = 1000): Promise<ChainVerdict> {
  const { db } = await services.db();
  let previous = GENESIS;
  let chained = 0;
  let beforeChain = 0;
  let head: { seq: number; hash: string } | undefined;
  for (let after = -1; ; ) {
    const rows = await db.select().from(operatorAudit).where(gt(operatorAudit.seq, after)).orderBy(asc(operatorAudit.seq)).limit(pageSize);
    for (const row of rows) {
      const broken = (why: string): ChainVerdict => ({ intact: false, chained, beforeChain, broken: { seq: row.seq, id: row.id, at: row.at, action: row.action, why } });
      if (row.hash === BEFORE_CHAIN) {
        if (chained > 0) return broken('marked as written before the chain began, yet it follows chained entries');
        beforeChain++;
        continue;
      }
      if (row.hash !== chainHash(previous, row)) {
        return broken(chained === 0 ? 'its hash is not that of the chain’s first entry with this content' : 'its hash does not follow from the entry before it and its own content');
      }
      previous = row.hash;
      head = { seq: row.seq, hash: row.hash };
      chained++;
    }
    if (rows.length < pageSize) return { intact: true, chained, beforeChain, head };
    after = rows.at(-1)!.seq;
  }
}
