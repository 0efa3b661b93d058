import 'server-only';
import { type DescMessage, type DescMethodUnary, fromBinary, type MessageInitShape, type MessageShape, create, toBinary } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/idempotency';
import { DomainError } from '../errors';
import type { Services } from '../services';

export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

type UnaryHandler<I extends DescMessage, O extends DescMessage> = (
  request: MessageShape<I>,
  context: HandlerContext,
) => Promise<MessageInitShape<O>>;

/**
 * Makes a create call honour an Idempotency-Key header (Stripe's semantics): the first answer is
 * stored and replayed for a retry with the same key; the same key with another request is refused
 * (idempotency_key_reused), and a retry while the first call still runs answers
 * request_in_progress. Without the header nothing is deduplicated. A failed call forgets its key:
 * a failed create changed nothing and may be tried again.
 */
export function idempotent<I extends DescMessage, O extends DescMessage>(
  services: Services,
  method: DescMethodUnary<I, O>,
  handler: UnaryHandler<I, O>,
): UnaryHandler<I, O> {
  return async (request, context) => {
    const key = context.requestHeader.get(HEADER_IDEMPOTENCY_KEY);
    if (!key) return handler(request, context);
    if (!KEY_SHAPE.test(key)) throw new DomainError('invalid_request', 'Idempotency-Key must be 16–100 letters, digits, - or _');
    const scope = `${method.parent.typeName}/${method.name}`;
    const requestHash = createHash('sha256').update(toBinary(method.input, request)).digest('hex');
    const { db } = await services.db();
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, createdAt: services.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [earlier] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!earlier || earlier.requestHash !== requestHash) throw new DomainError('idempotency_key_reused');
      if (!earlier.response) throw new DomainError('request_in_progress');
      return fromBinary(method.output, earlier.response) as MessageInitShape<O>;
    }
    try {
      const response = create(method.output, await handler(request, context));
      await db
        .update(idempotencyKeys)
        .set({ response: toBinary(method.output, response) })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.response)));
      return response as MessageInitShape<O>;
    } catch (error) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      throw error;
    }
  };
}
