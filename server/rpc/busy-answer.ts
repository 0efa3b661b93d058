import type { ServerResponse } from 'node:http';
import { create, toBinary } from '@bufbuild/protobuf';
import { base64Encode } from '@bufbuild/protobuf/wire';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import { BUSY_RETRY_AFTER_SECONDS } from '../errors';
import { writeUnaryResponse } from './node-unary';

/**
 * The answer to a call this process has no room for (server/http/in-flight.ts), written before
 * the call is read: Connect's `unavailable` (HTTP 503) with Retry-After and the catalogue code
 * `server_busy` in its ErrorDetail, as the router answers a call the database had no connection
 * for, so a client cannot tell the two apart.
 */
export function refuseBusyCall(res: ServerResponse): void {
  const requestId = crypto.randomUUID();
  const detail = toBinary(ErrorDetailSchema, create(ErrorDetailSchema, { code: 'server_busy', requestId }));
  const body = JSON.stringify({
    code: 'unavailable',
    message: 'the server is busy',
    details: [{ type: ErrorDetailSchema.typeName, value: base64Encode(detail, 'std_raw') }],
  });
  writeUnaryResponse(
    {
      status: 503,
      header: new Headers({
        'content-type': 'application/json',
        'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        [HEADER_REQUEST_ID]: requestId,
        'cache-control': 'no-store',
      }),
      body: new TextEncoder().encode(body),
    },
    res,
  );
}
