import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { operatorEnrolments, operators, operatorSessions } from '../db/schema/operators';
import { inTransaction, type Tx } from '../db/transaction';
import type { Services } from '../services';
import { enqueueEnrolmentMail } from './enrolment-mail';
import { type Operator, type OperatorRole } from './roles';
import { newToken, tokenHash } from './tokens';

/** Why `npm run operator` refused: printed as it is, the command exits with 1. */
export class OperatorCommandRefused extends Error {
  override readonly name = 'OperatorCommandRefused';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalEmail(email: string): string {
  const normal = email.trim().toLowerCase();
  if (!EMAIL.test(normal)) throw new OperatorCommandRefused(`"${email}" is not an e-mail address`);
  return normal;
}

export interface Enrolment {
  operator: Operator;
  /** The one-time link, also e-mailed to the operator. */
  link: string;
  expiresAt: Date;
}

/** Creates an operator and their first enrolment link, e-mailed in the same transaction. */
export async function addOperator(services: Services, email: string, role: OperatorRole): Promise<Enrolment> {
  const address = normalEmail(email);
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ id: crypto.randomUUID(), email: address, role, createdAt: services.clock.now() })
      .onConflictDoNothing({ target: operators.email })
      .returning();
    if (!created) throw new OperatorCommandRefused(`${address} is an operator already (npm run operator -- enrol ${address} sends a new link)`);
    return enrol(services, tx, { id: created.id, email: created.email, role: created.role });
  });
}

/** A new enrolment link for an active operator (a new device, a lost passkey). */
export async function enrolAgain(services: Services, email: string): Promise<Enrolment> {
  const address = normalEmail(email);
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    const [operator] = await tx
      .select({ id: operators.id, email: operators.email, role: operators.role })
      .from(operators)
      .where(and(eq(operators.email, address), isNull(operators.disabledAt)));
    if (!operator) throw new OperatorCommandRefused(`${address} is not an active operator`);
    return enrol(services, tx, operator);
  });
}

async function enrol(services: Services, tx: Tx, operator: Operator): Promise<Enrolment> {
  const token = newToken();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + services.config.console.enrolmentHours * 3_600_000);
  const hash = tokenHash(token);
  await tx.insert(operatorEnrolments).values({ tokenHash: hash, operatorId: operator.id, createdAt: now, expiresAt });
  const link = `${services.config.console.origin}/console/enrol?token=${token}`;
  await enqueueEnrolmentMail(services, tx, { operator, link, expiresAt, eventKey: `operator-enrolment:${hash}` });
  return { operator, link, expiresAt };
}

/**
 * Takes an operator's access away at once: every session ends and no passkey of theirs signs in
 * again. The row stays, so the audit log still names who did what.
 */
export async function disableOperator(services: Services, email: string): Promise<void> {
  const address = normalEmail(email);
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    const now = services.clock.now();
    const [operator] = await tx
      .update(operators)
      .set({ disabledAt: now })
      .where(and(eq(operators.email, address), isNull(operators.disabledAt)))
      .returning({ id: operators.id });
    if (!operator) throw new OperatorCommandRefused(`${address} is not an active operator`);
    await tx
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.operatorId, operator.id), isNull(operatorSessions.revokedAt)));
  });
}

export async function listOperators(services: Services) {
  const { db } = await services.db();
  return db
    .select({ email: operators.email, role: operators.role, createdAt: operators.createdAt, disabledAt: operators.disabledAt })
    .from(operators)
    .orderBy(asc(operators.email));
}
