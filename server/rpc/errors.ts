import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { ErrorDetailSchema } from '@/gen/dzb/v1/common_pb';
import { DomainError, type ErrorKind } from '../errors';
import { monitoringSessionOf, requestIdOf } from './request-context';

const CONNECT_CODE: Record<ErrorKind, Code> = {
  invalid: Code.InvalidArgument,
  notFound: Code.NotFound,
  failedPrecondition: Code.FailedPrecondition,
  unavailable: Code.Unavailable,
  rateLimited: Code.ResourceExhausted,
  internal: Code.Internal,
};

export type ErrorReporter = (error: unknown, context: Record<string, string>) => void;

/**
 * Turns every failure of a handler into a ConnectError that carries an ErrorDetail (catalogue
 * code + request id). Unexpected errors are reported and answered with a bare `internal_error`:
 * a browser never sees a stack trace or an upstream body.
 */
export function errorInterceptor(report: ErrorReporter): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      const requestId = requestIdOf(req.contextValues);
      const context = {
        rpc: req.method.name,
        requestId,
        monitoringSession: monitoringSessionOf(req.contextValues),
      };
      const detail = (code: string) => create(ErrorDetailSchema, { code, requestId });
      if (error instanceof DomainError) {
        if (error.kind === 'internal') report(error, context);
        throw new ConnectError(error.message, CONNECT_CODE[error.kind], undefined, [
          { desc: ErrorDetailSchema, value: detail(error.code) },
        ]);
      }
      if (error instanceof ConnectError && error.code !== Code.Internal && error.code !== Code.Unknown) {
        // Protocol-level refusals (unimplemented, bad JSON, deadline) keep their code.
        throw new ConnectError(error.rawMessage, error.code, undefined, [
          { desc: ErrorDetailSchema, value: detail(codeName(error.code)) },
        ]);
      }
      report(error, context);
      throw new ConnectError('internal error', Code.Internal, undefined, [
        { desc: ErrorDetailSchema, value: detail('internal_error') },
      ]);
    }
  };
}

/** unimplemented, invalid_argument, … (snake_case of the Connect code). */
function codeName(code: Code): string {
  return Code[code].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}
