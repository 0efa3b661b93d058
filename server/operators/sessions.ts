import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { operators, operatorSessions } from '../db/schema/operators';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import type { Operator } from './roles';
import { newToken, tokenHash } from './tokens';

/** Starts a session for an operator (in the transaction of the sign-in); answers the cookie's token. */
export async function startSession(services: Services, tx: Tx, operatorId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + services.config.console.sessionHours * 3_600_000);
  await tx.insert(operatorSessions).values({ tokenHash: tokenHash(token), operatorId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The operator a session token belongs to, if the session is neither over nor revoked and they are still an operator. */
export async function operatorOfSession(services: Services, token: string | undefined): Promise<Operator | undefined> {
  if (!token) return undefined;
  const { db } = await services.db();
  const [row] = await db
    .select({ id: operators.id, email: operators.email, role: operators.role })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, services.clock.now()),
        isNull(operators.disabledAt),
      ),
    );
  return row;
}

/** Ends a session (sign-out); answers the operator whose it was, if it was still open. */
export async function endSession(services: Services, tx: Tx, token: string): Promise<string | undefined> {
  const [row] = await tx
    .update(operatorSessions)
    .set({ revokedAt: services.clock.now() })
    .where(and(eq(operatorSessions.tokenHash, tokenHash(token)), isNull(operatorSessions.revokedAt)))
    .returning({ operatorId: operatorSessions.operatorId });
  return row?.operatorId;
}
