import { type ConnectRouterOptions } from '@connectrpc/connect';
import type { Services } from '../services';
import { errorInterceptor } from './errors';
import { requestContextInterceptor } from './request-context';

/** Router options shared by the HTTP mount and the in-process transport. */
export function routerOptions(services: Services): ConnectRouterOptions {
  return {
    interceptors: [requestContextInterceptor, errorInterceptor(services.report)],
    // Spec section 7: default values are emitted; enums travel as their names.
    jsonOptions: { alwaysEmitImplicit: true },
    connect: true,
    grpc: false,
    grpcWeb: false,
  };
}
