import { type ConnectRouter, createConnectRouter } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import type { Services } from '../services';
import { apiHandlers } from './api';
import { csrfInterceptor } from './csrf';
import { MAX_REQUEST_BYTES } from './edge-request';
import { errorInterceptor } from './errors';
import { productVariantInterceptor } from './product-variant';
import { requestIdInterceptor } from './request-ids';
import { textInterceptor } from './text-rules';

const routers = new WeakMap<Services, ConnectRouter>();

/**
 * The API router, built once per composition root and shared by the HTTP mount and the
 * in-process client, so both run the same interceptors: request ids, error mapping, the CSRF
 * header rule, the product_variant check and the text rules (outermost first).
 */
export function apiRouter(services: Services): ConnectRouter {
  let router = routers.get(services);
  if (!router) {
    router = createConnectRouter({
      interceptors: [
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
    });
    router.service(ApiService, apiHandlers(services));
    routers.set(services, router);
  }
  return router;
}
