import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import type { ProductVariant } from '@/gen/dzb/v1/common_pb';
import type { ErrorKind } from '@/lib/error-codes';
import { HEADER_CHALLENGE, HEADER_REQUEST_ID } from '@/lib/rpc/headers';
import { busyRefusal, DomainError, type ErrorHints } from '../errors';
import type { ErrorReporter } from '../monitoring';
import { clientOf, monitoringSessionOf, requestIdOf, siteOf } from './call-context';
import { protocolCode, refusal, refusalLanguage } from './refusals';
import { requestIdFor } from './request-ids';
import type { RefusalOf } from './unary-calls';

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
 * Turns every failure of a handler into a refusal (refusals.ts): an ErrorDetail (catalogue code
 * + request id), the code's text in the call's language, and the error's hints as headers
 * (Retry-After, a challenge). Unexpected errors are reported and answered with `internal_error`:
 * a browser never sees a stack trace, an upstream body or a developer's note. Overload
 * (`server_busy`, also inside a failed query) is answered, not reported.
 */
export function errorInterceptor(report: ErrorReporter): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (thrown) {
      const error = busyRefusal(thrown) ?? thrown;
      const requestId = requestIdOf(req.contextValues);
      const language = refusalLanguage(siteOf(req.contextValues), (req.message as { productVariant?: ProductVariant }).productVariant?.lang);
      if (error instanceof DomainError) {
        if (error.kind === 'internal') report(error, reportContext(req));
        throw refusal(error.code, CONNECT_CODE[error.kind], language, requestId, hintHeaders(error.hints));
      }
      if (error instanceof ConnectError && error.code !== Code.Internal && error.code !== Code.Unknown) {
        // Protocol-level refusals (the CSRF header, a deadline) keep their Connect code.
        throw refusal(protocolCode(error.code), error.code, language, requestId);
      }
      report(error, reportContext(req));
      throw refusal('internal_error', Code.Internal, language, requestId);
    }
  };
}

/**
 * The same for an error the interceptors never saw (unary-calls.ts: a message that does not
 * parse, a deadline header that does not, an answer that does not serialize), which carries no
 * ErrorDetail yet; a refusal of the interceptors passes unchanged. No request id was given to
 * the call yet, so it gets one here.
 */
export function refusalOutsideInterceptors(report: ErrorReporter): RefusalOf {
  return (error, context) => {
    if (error.details.length > 0) return error;
    const requestId = requestIdFor(context.requestHeader);
    const language = refusalLanguage(siteOf(context.values));
    const metadata = { [HEADER_REQUEST_ID]: requestId };
    if (error.code !== Code.Internal && error.code !== Code.Unknown) return refusal(protocolCode(error.code), error.code, language, requestId, metadata);
    report(error.cause ?? error, { rpc: context.method.name, requestId, site: siteOf(context.values).variant, client: clientOf(context.values) });
    return refusal('internal_error', Code.Internal, language, requestId, metadata);
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

