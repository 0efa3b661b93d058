import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';

/**
 * Calls with side effects must carry the Connect-Protocol-Version header, which a cross-site HTML
 * form or a "simple" fetch cannot send (CSRF defence, ASVS 3.5). Side-effect-free reads stay
 * callable with a bare POST or a GET.
 */
export const csrfInterceptor: Interceptor = (next) => (req) => {
  const read = req.method.idempotency === MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS;
  if (!read && req.header.get('connect-protocol-version') !== '1') {
    throw new ConnectError('missing required header: set Connect-Protocol-Version to "1"', Code.InvalidArgument);
  }
  return next(req);
};
