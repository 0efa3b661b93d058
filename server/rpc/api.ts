import type { ServiceImpl } from '@connectrpc/connect';
import { ApiService } from '@/gen/dzb/v1/api_pb';
import type { Services } from '../services';
import { contactSendHandler } from './handlers/contact';
import { hotelAvailabilityHandler } from './handlers/hotel-availability';
import { hotelOrderPreviewHandler } from './handlers/hotel-order-preview';
import { hotelOrderCreateHandler, orderCancelHandler } from './handlers/hotel-orders';
import { hotelParseUrlHandler } from './handlers/hotel-parse-url';
import { orderDetailHandler } from './handlers/order-detail';
import { paymentMethodsHandler } from './handlers/payment-methods';
import { paymentRetryHandler } from './handlers/payment-retry';
import { visitorPassHandler } from './handlers/visitor-pass';
import { voucherDetailHandler, voucherReleaseHandler } from './handlers/voucher-detail';
import { voucherOrderCreateHandler, voucherOrderPreviewHandler } from './handlers/voucher-orders';
import { idempotent } from './idempotency';
import { version } from './version';

/**
 * The implemented operations of dzb.v1.ApiService. Typed against the service, so a handler with
 * a wrong request or response type does not compile (tests/types/api-handlers.ts); operations
 * that are absent answer `unimplemented` through connect-es. Creates are wrapped by idempotent()
 * (an Idempotency-Key header makes a retry answer the first result).
 */
export type ApiHandlers = Partial<ServiceImpl<typeof ApiService>>;

export function apiHandlers(services: Services): ApiHandlers {
  return {
    version: () => version(services),
    paymentMethods: paymentMethodsHandler(services),
    hotelParseUrl: hotelParseUrlHandler(services),
    hotelAvailability: hotelAvailabilityHandler(services),
    hotelOrderPreview: hotelOrderPreviewHandler(services),
    hotelOrderCreate: idempotent(services, ApiService.method.hotelOrderCreate, hotelOrderCreateHandler(services)),
    voucherOrderPreview: voucherOrderPreviewHandler(services),
    voucherOrderCreate: idempotent(services, ApiService.method.voucherOrderCreate, voucherOrderCreateHandler(services)),
    orderDetail: orderDetailHandler(services),
    voucherDetail: voucherDetailHandler(services),
    voucherRelease: voucherReleaseHandler(services),
    paymentRetry: paymentRetryHandler(services),
    orderCancel: orderCancelHandler(services),
    contactSend: idempotent(services, ApiService.method.contactSend, contactSendHandler(services)),
    visitorPass: visitorPassHandler(services),
  };
}
