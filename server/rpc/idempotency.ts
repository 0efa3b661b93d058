import 'server-only';
import { type DescMessage, type DescMethodUnary, fromBinary, type MessageInitShape, type MessageShape, create, toBinary } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import { createHash } from 'node:crypto';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { answerOnce } from '../use-cases/idempotent-calls';

export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

type UnaryHandler<I extends DescMessage, O extends DescMessage> = (
  request: MessageShape<I>,
  context: HandlerContext,
) => Promise<MessageInitShape<O>>;

/**
 * Makes a create call honour an Idempotency-Key header: the call is answered once per key
 * (server/use-cases/idempotent-calls.ts) and a retry gets the first answer. Without the header
 * nothing is deduplicated.
 */
export function idempotent<I extends DescMessage, O extends DescMessage>(
  ports: Pick<Services, 'clock' | 'db'>,
  method: DescMethodUnary<I, O>,
  handler: UnaryHandler<I, O>,
): UnaryHandler<I, O> {
  const codec = {
    encode: (answer: MessageShape<O>) => toBinary(method.output, answer),
    decode: (stored: Uint8Array) => fromBinary(method.output, stored),
  };
  return async (request, context) => {
    const key = context.requestHeader.get(HEADER_IDEMPOTENCY_KEY);
    if (!key) return handler(request, context);
    if (!KEY_SHAPE.test(key)) throw new DomainError('invalid_request', 'Idempotency-Key must be 16–100 letters, digits, - or _');
    const call = {
      scope: `${method.parent.typeName}/${method.name}`,
      key,
      requestHash: createHash('sha256').update(toBinary(method.input, request)).digest('hex'),
    };
    return (await answerOnce(ports, call, codec, async () => create(method.output, await handler(request, context)))) as MessageInitShape<O>;
  };
}
