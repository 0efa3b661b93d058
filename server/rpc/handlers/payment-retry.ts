import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { PaymentRetryRequest } from '@/gen/dzb/v1/payment_pb';
import { isUuid } from '@/lib/route-params';
import { DomainError } from '../../errors';
import { transferOf } from '../../orders/voucher/view';
import { METHODS } from '../../payments/methods';
import { retryPayment } from '../../payments/retry';
import type { Services } from '../../services';
import { spend } from '../../security/rate-limit';
import { callerOf, callSiteOf } from '../call-context';
import { payment } from '../mapping/payments';

/** PaymentRetry: parses, spends the caller's budget (each retry starts a gateway payment), calls the use case, maps. */
export function paymentRetryHandler(services: Services) {
  return async (request: PaymentRetryRequest, context: HandlerContext) => {
    const orderId = request.orderId?.id ?? '';
    const paymentId = request.paymentId?.id ?? '';
    if (!isUuid(orderId) || !isUuid(paymentId)) throw new DomainError('order_not_found');
    await spend(services, 'paymentRetries', callerOf(context).address);
    const { order, payment: record } = await retryPayment(services, callSiteOf(context.values), orderId, paymentId);
    return { payment: payment(record, new Map(Object.entries(METHODS)), await transferOf(services, order, record)) };
  };
}
