import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/idempotency';
import { DomainError } from '../errors';
import type { Services } from '../services';

/** A create call that carries an Idempotency-Key: its operation, the key, and a hash of its request. */
export interface IdempotentCall {
  scope: string;
  key: string;
  requestHash: string;
}

/** How an answer is kept between a call and its retry. */
export interface AnswerCodec<T> {
  encode(answer: T): Uint8Array;
  decode(stored: Uint8Array): T;
}

/**
 * Answers a create call once per key (Stripe's semantics): the first answer is stored and
 * replayed for a retry with the same key; the same key with another request is refused
 * (idempotency_key_reused), and a retry while the first call still runs answers
 * request_in_progress. A failed call forgets its key: a failed create changed nothing and may be
 * tried again.
 */
export async function answerOnce<T>(ports: Pick<Services, 'clock' | 'db'>, call: IdempotentCall, codec: AnswerCodec<T>, answer: () => Promise<T>): Promise<T> {
  const { scope, key, requestHash } = call;
  const { db } = await ports.db();
  const [claimed] = await db.insert(idempotencyKeys).values({ scope, key, requestHash, createdAt: ports.clock.now() }).onConflictDoNothing().returning();
  if (!claimed) {
    const [earlier] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!earlier || earlier.requestHash !== requestHash) throw new DomainError('idempotency_key_reused');
    if (!earlier.response) throw new DomainError('request_in_progress');
    return codec.decode(earlier.response);
  }
  try {
    const answered = await answer();
    await db
      .update(idempotencyKeys)
      .set({ response: codec.encode(answered) })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.response)));
    return answered;
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    throw error;
  }
}
