import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { displayableCode, type ErrorCode } from '../error-codes';

const CONNECT_CODES: Partial<Record<Code, ErrorCode>> = {
  [Code.Unimplemented]: 'unimplemented',
  [Code.InvalidArgument]: 'invalid_argument',
  [Code.DeadlineExceeded]: 'deadline_exceeded',
  [Code.ResourceExhausted]: 'resource_exhausted',
  [Code.Unavailable]: 'unavailable',
  [Code.Canceled]: 'canceled',
  [Code.Internal]: 'internal_error',
};

/**
 * The catalogue code of a failed call, for the UI to show its translated message: the server's
 * ErrorDetail when there is one, else what the Connect code says (a dropped connection reads as
 * `unavailable`).
 */
export function errorCodeOf(error: unknown): ErrorCode {
  const connectError = ConnectError.from(error);
  const [detail] = connectError.findDetails(ErrorDetailSchema);
  if (detail) return displayableCode(detail.code);
  return CONNECT_CODES[connectError.code] ?? 'unknown';
}

/** The request id of a failed call, for the support contact ("quote this number"). */
export function requestIdOf(error: unknown): string | undefined {
  return ConnectError.from(error).findDetails(ErrorDetailSchema)[0]?.requestId || undefined;
}
