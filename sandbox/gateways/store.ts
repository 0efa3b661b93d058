import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { GatewayType } from '@/contracts/gateways';
import type { SandboxDb } from '../db/database';
import {
  type SandboxGatewayAttempt,
  type SandboxGatewayEvent,
  type SandboxGatewayPayment,
  sandboxGatewayAttempts,
  sandboxGatewayEvents,
  sandboxGatewayPayments,
} from './schema';

export type Payment = SandboxGatewayPayment;
export type NewPayment = typeof sandboxGatewayPayments.$inferInsert;

export async function insertPayment(db: SandboxDb, payment: NewPayment): Promise<Payment> {
  const [row] = await db.insert(sandboxGatewayPayments).values(payment).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findPayment(db: SandboxDb, type: GatewayType, id: string): Promise<Payment | undefined> {
  const [row] = await db
    .select()
    .from(sandboxGatewayPayments)
    .where(and(eq(sandboxGatewayPayments.id, id), eq(sandboxGatewayPayments.gateway, type)));
  return row;
}

export function recentPayments(db: SandboxDb, type: GatewayType, limit = 20): Promise<Payment[]> {
  return db
    .select()
    .from(sandboxGatewayPayments)
    .where(eq(sandboxGatewayPayments.gateway, type))
    .orderBy(desc(sandboxGatewayPayments.createdAt), desc(sandboxGatewayPayments.id))
    .limit(limit);
}

export interface StatusChange {
  from: readonly string[];
  to: string;
  at: Date;
  /** Other columns to set with the status. */
  set?: Partial<Pick<Payment, 'amount' | 'authCode' | 'paidAt'>>;
  /** Adds to the refunded amount; the row changes only if the total stays within the amount. */
  refund?: number;
}

/**
 * One guarded status change: it happens only if the payment is still in one of `from` (and, for
 * a refund, has that much left), so two concurrent actions cannot both win. Undefined when it
 * did not happen; the caller reads the row again to say why.
 */
export async function changeStatus(db: SandboxDb, id: string, change: StatusChange): Promise<Payment | undefined> {
  const conditions = [eq(sandboxGatewayPayments.id, id), inArray(sandboxGatewayPayments.status, [...change.from])];
  if (change.refund !== undefined) {
    conditions.push(sql`${sandboxGatewayPayments.refundedAmount} + ${change.refund} <= ${sandboxGatewayPayments.amount}`);
  }
  const [row] = await db
    .update(sandboxGatewayPayments)
    .set({
      ...change.set,
      status: change.to,
      updatedAt: change.at,
      ...(change.refund === undefined ? {} : { refundedAmount: sql`${sandboxGatewayPayments.refundedAmount} + ${change.refund}` }),
    })
    .where(and(...conditions))
    .returning();
  return row;
}

export async function insertEvent(db: SandboxDb, event: typeof sandboxGatewayEvents.$inferInsert): Promise<void> {
  await db.insert(sandboxGatewayEvents).values(event);
}

export async function findEvent(db: SandboxDb, eventId: string): Promise<SandboxGatewayEvent | undefined> {
  const [row] = await db.select().from(sandboxGatewayEvents).where(eq(sandboxGatewayEvents.eventId, eventId));
  return row;
}

export async function latestEvent(db: SandboxDb, paymentId: string): Promise<SandboxGatewayEvent | undefined> {
  const [row] = await db
    .select()
    .from(sandboxGatewayEvents)
    .where(eq(sandboxGatewayEvents.paymentId, paymentId))
    .orderBy(desc(sandboxGatewayEvents.seq))
    .limit(1);
  return row;
}

export interface EventWithAttempts extends SandboxGatewayEvent {
  attempts: SandboxGatewayAttempt[];
}

export async function eventsOf(db: SandboxDb, paymentId: string): Promise<EventWithAttempts[]> {
  const events = await db
    .select()
    .from(sandboxGatewayEvents)
    .where(eq(sandboxGatewayEvents.paymentId, paymentId))
    .orderBy(sandboxGatewayEvents.seq);
  if (events.length === 0) return [];
  const attempts = await db
    .select()
    .from(sandboxGatewayAttempts)
    .where(inArray(sandboxGatewayAttempts.eventId, events.map((event) => event.eventId)))
    .orderBy(sandboxGatewayAttempts.id);
  return events.map((event) => ({ ...event, attempts: attempts.filter((attempt) => attempt.eventId === event.eventId) }));
}

/** Records one delivery attempt and returns how many the event has had. */
export async function recordAttempt(
  db: SandboxDb,
  attempt: { eventId: string; at: Date; httpStatus?: number; error?: string },
): Promise<number> {
  await db.insert(sandboxGatewayAttempts).values({
    eventId: attempt.eventId,
    attemptedAt: attempt.at,
    httpStatus: attempt.httpStatus ?? null,
    error: attempt.error ?? null,
  });
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sandboxGatewayAttempts)
    .where(eq(sandboxGatewayAttempts.eventId, attempt.eventId));
  return row?.count ?? 0;
}

export async function markDelivered(db: SandboxDb, eventId: string, at: Date): Promise<void> {
  await db
    .update(sandboxGatewayEvents)
    .set({ deliveredAt: at })
    .where(and(eq(sandboxGatewayEvents.eventId, eventId), sql`${sandboxGatewayEvents.deliveredAt} IS NULL`));
}

/** Arms ČSOB's lost refund answer for a payment (the knob); false when there is no such payment. */
export async function loseNextRefundAnswer(db: SandboxDb, id: string): Promise<boolean> {
  const rows = await db.update(sandboxGatewayPayments).set({ loseRefundAnswer: true }).where(eq(sandboxGatewayPayments.id, id)).returning({ id: sandboxGatewayPayments.id });
  return rows.length > 0;
}

/** Disarms the knob if it was armed: true when this refund's answer is to be lost. */
export async function refundAnswerLost(db: SandboxDb, id: string): Promise<boolean> {
  const rows = await db
    .update(sandboxGatewayPayments)
    .set({ loseRefundAnswer: false })
    .where(and(eq(sandboxGatewayPayments.id, id), eq(sandboxGatewayPayments.loseRefundAnswer, true)))
    .returning({ id: sandboxGatewayPayments.id });
  return rows.length > 0;
}
