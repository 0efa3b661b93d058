import 'server-only';
import { isUuid } from '@/lib/route-params';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { operatorSessions } from '../db/schema/operators';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';
import { tokenHash } from './tokens';

/**
 * How a page names a session: the first 16 hex digits of its token's hash. The token itself
 * never leaves the cookie, and the hash opens nothing; among one operator's few sessions the
 * prefix is unique.
 */
export function sessionRef(token: string): string {
  return tokenHash(token).slice(0, 16);
}

export interface OwnSession {
  ref: string;
  createdAt: Date;
  expiresAt: Date;
  /** The session of the browser asking. */
  current: boolean;
}

/** The operator's own sessions still open (neither ended nor expired), oldest first. */
export async function ownSessions(services: Services, operator: Operator, currentRef?: string): Promise<OwnSession[]> {
  const { db } = await services.db();
  const rows = await db
    .select({ tokenHash: operatorSessions.tokenHash, createdAt: operatorSessions.createdAt, expiresAt: operatorSessions.expiresAt })
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operator.id), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, services.clock.now())))
    .orderBy(asc(operatorSessions.createdAt));
  return rows.map((row) => ({ ref: row.tokenHash.slice(0, 16), createdAt: row.createdAt, expiresAt: row.expiresAt, current: row.tokenHash.slice(0, 16) === currentRef }));
}

export class EndSessionRefused extends Error {
  override readonly name = 'EndSessionRefused';
  constructor(readonly reason: 'no_reason' | 'not_open') {
    super(reason);
  }
}

/**
 * An operator ends one of their own sessions (a browser left signed in elsewhere): the session is
 * revoked with a guarded update (only their own, only one still open) and the audit entry written
 * in the same transaction; the same form sent twice ends it once. Any role may: it only takes
 * access away from themselves.
 */
export async function endOwnSession(services: Services, operator: Operator, input: { ref: string; reason: string; nonce: string }): Promise<void> {
  const why = operatorReason(input.reason);
  if (!why) throw new EndSessionRefused('no_reason');
  if (!/^[0-9a-f]{16}$/.test(input.ref) || !isUuid(input.nonce)) throw new EndSessionRefused('not_open');
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    if (await nonceUsed(tx, 'session-ended', input.nonce)) return;
    const now = services.clock.now();
    const [ended] = await tx
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(operatorSessions.operatorId, operator.id),
          sql`left(${operatorSessions.tokenHash}, 16) = ${input.ref}`,
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
        ),
      )
      .returning({ createdAt: operatorSessions.createdAt, expiresAt: operatorSessions.expiresAt });
    if (!ended) throw new EndSessionRefused('not_open');
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'session-ended',
      subject: `session:${input.ref}`,
      reason: why,
      before: { createdAt: ended.createdAt.toISOString(), expiresAt: ended.expiresAt.toISOString() },
      after: { nonce: input.nonce, revokedAt: now.toISOString() },
    });
  });
}
