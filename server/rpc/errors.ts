import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import type { ErrorKind } from '@/lib/error-codes';
import { HEADER_CHALLENGE } from '@/lib/rpc/headers';
import { busyRefusal, DomainError, type ErrorHints } from '../errors';
import type { ErrorReporter } from '../monitoring';
import { clientOf, monitoringSessionOf, requestIdOf, siteOf } from './call-context';

const CONNECT_CODE: Record<ErrorKind, Code> = {
  invalid: Code.InvalidArgument,
  notFound: Code.NotFound,
  failedPrecondition: Code.FailedPrecondition,
  conflict: Code.Aborted,
  unavailable: Code.Unavailable,
  rateLimited: Code.ResourceExhausted,
  internal: Code.Internal,
  protocol: Code.Unknown,
};

/**
 * Turns every failure of a handler into a ConnectError that carries an ErrorDetail (catalogue
 * code + request id) and the error's hints as headers (Retry-After, a challenge). Unexpected errors
 * are reported and answered with a bare `internal_error`: a browser never sees a stack trace or an
 * upstream body. Overload (`server_busy`, also inside a failed query) is answered, not reported.
 */
export function errorInterceptor(report: ErrorReporter): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (thrown) {
      const error = busyRefusal(thrown) ?? thrown;
      const requestId = requestIdOf(req.contextValues);
      const detail = (code: string) => [
        { desc: ErrorDetailSchema, value: create(ErrorDetailSchema, { code, requestId }) },
      ];
      if (error instanceof DomainError) {
        if (error.kind === 'internal') report(error, reportContext(req));
        throw new ConnectError(error.message, CONNECT_CODE[error.kind], hintHeaders(error.hints), detail(error.code));
      }
      if (error instanceof ConnectError && error.code !== Code.Internal && error.code !== Code.Unknown) {
        // Protocol-level refusals (unimplemented, bad JSON, deadline) keep their code.
        throw new ConnectError(error.rawMessage, error.code, undefined, detail(connectCodeName(error.code)));
      }
      report(error, reportContext(req));
      throw new ConnectError('internal error', Code.Internal, undefined, detail('internal_error'));
    }
  };
}

function hintHeaders(hints: ErrorHints): Headers {
  const headers = new Headers();
  if (hints.retryAfterSeconds !== undefined) headers.set('retry-after', String(hints.retryAfterSeconds));
  if (hints.challenge !== undefined) headers.set(HEADER_CHALLENGE, hints.challenge);
  return headers;
}

function reportContext(req: Parameters<Parameters<Interceptor>[0]>[0]): Record<string, string> {
  return {
    rpc: req.method.name,
    requestId: requestIdOf(req.contextValues),
    monitoringSession: monitoringSessionOf(req.contextValues),
    site: siteOf(req.contextValues).variant,
    client: clientOf(req.contextValues),
  };
}

/** unimplemented, invalid_argument, … (snake_case of the Connect code). */
function connectCodeName(code: Code): string {
  return Code[code].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}
