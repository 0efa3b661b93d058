import type { HandlerContext } from '@connectrpc/connect';
import type { PaymentRetryRequest } from '@/gen/dzb/v1/payment_pb';
import { isUuid } from '@/lib/route-params';
import { DomainError } from '../../errors';
import { retryPayment, type RetryPorts } from '../../use-cases/payments';
import { callerOf, callSiteOf } from '../call-context';
import { payment } from '../mapping/payments';

/** PaymentRetry: the order and payment ids → retryPayment → the new attempt. */
export function paymentRetryHandler(ports: RetryPorts) {
  return async (request: PaymentRetryRequest, context: HandlerContext) => {
    const orderId = request.orderId?.id ?? '';
    const paymentId = request.paymentId?.id ?? '';
    if (!isUuid(orderId) || !isUuid(paymentId)) throw new DomainError('order_not_found');
    return { payment: payment(await retryPayment(ports, callSiteOf(context.values), callerOf(context), orderId, paymentId)) };
  };
}
