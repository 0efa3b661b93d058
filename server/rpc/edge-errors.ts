import { create, toBinary } from '@bufbuild/protobuf';
import { base64Encode } from '@bufbuild/protobuf/wire';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import type { ErrorCode } from '@/lib/error-codes';
import { HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import type { UnaryAnswer } from './unary-calls';

/**
 * A refusal written before a call reaches the Connect router (an unreadable body, an encoding we
 * do not speak, a method that needs POST): the same Connect error JSON the router writes, with
 * the ErrorDetail the browser reads the catalogue code from, so no client has to tell the two
 * apart.
 */
export function edgeError(
  status: number,
  connectCode: 'invalid_argument' | 'unimplemented',
  message: string,
  code: ErrorCode = connectCode,
  headers: Record<string, string> = {},
): UnaryAnswer {
  const requestId = crypto.randomUUID();
  const detail = toBinary(ErrorDetailSchema, create(ErrorDetailSchema, { code, requestId }));
  const body = JSON.stringify({
    code: connectCode,
    message,
    details: [{ type: ErrorDetailSchema.typeName, value: base64Encode(detail, 'std_raw') }],
  });
  return {
    status,
    header: new Headers({
      ...headers,
      'content-type': 'application/json',
      [HEADER_REQUEST_ID]: requestId,
      'cache-control': 'no-store',
    }),
    body: new TextEncoder().encode(body),
  };
}
