import { type ConnectRouter, type ConnectRouterOptions, type Interceptor } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import type { Services } from '../services';
import { apiHandlers } from './api';
import { csrfInterceptor } from './csrf';
import { MAX_REQUEST_BYTES } from './edge-request';
import { errorInterceptor } from './errors';
import { productVariantInterceptor } from './product-variant';
import { requestIdInterceptor } from './request-ids';
import { textInterceptor } from './text-rules';

/**
 * How the API's router is built, for the HTTP mount and the in-process transport alike, so both
 * run the same interceptors: request ids, error mapping, the CSRF header rule, the
 * product_variant check and the text rules (outermost first). `first` goes before them all (the
 * in-process transport's caller).
 */
export function apiRouterOptions(services: Services, first: Interceptor[] = []): ConnectRouterOptions {
  return {
    interceptors: [
      ...first,
      requestIdInterceptor,
      errorInterceptor(services.report),
      csrfInterceptor,
      productVariantInterceptor,
      textInterceptor,
    ],
    readMaxBytes: MAX_REQUEST_BYTES,
    // Spec section 7: default values are emitted; enums travel as their names.
    jsonOptions: { alwaysEmitImplicit: true },
    connect: true,
    grpc: false,
    grpcWeb: false,
  };
}

/** The operations of dzb.v1.ApiService on a router. */
export function apiRoutes(services: Services): (router: ConnectRouter) => void {
  return (router) => {
    router.service(ApiService, apiHandlers(services));
  };
}
