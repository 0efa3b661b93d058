import 'server-only';
import type { DescMethod } from '@bufbuild/protobuf';
import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter, type ServiceImpl } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import type { Services } from '../services';
import { version } from './version';

type Handlers = Partial<ServiceImpl<typeof ApiService>>;

function handlers(services: Services): Handlers {
  return {
    version: () => version(services.versionFacts),
  };
}

/**
 * Registers dzb.v1.ApiService. Operations whose issue has not landed answer `unimplemented`.
 * Calls with side effects require the Connect-Protocol-Version header, which a cross-site form
 * cannot send (CSRF defence); pure reads stay callable with a bare POST or GET.
 */
export function apiRoutes(services: Services) {
  const implemented = handlers(services) as Record<string, unknown>;
  return (router: ConnectRouter) => {
    for (const method of ApiService.methods) {
      const impl = implemented[method.localName] ?? notYet(method);
      router.rpc(method as DescMethod, impl as never, {
        requireConnectProtocolHeader: method.idempotency !== MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS,
      });
    }
  };
}

function notYet(method: DescMethod) {
  return () => {
    throw new ConnectError(`${method.name} is not available yet`, Code.Unimplemented);
  };
}
