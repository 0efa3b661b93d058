import type { HandlerContext } from '@connectrpc/connect';
import type { HotelOrderCreateRequest, OrderCancelRequest } from '@/gen/dzb/v1/order_pb';
import { isUuid } from '@/lib/route-params';
import { DomainError } from '../../errors';
import { cancelOrder, type CancelPorts, type HotelOrderPorts, placeHotelOrder } from '../../use-cases/hotel-orders';
import { callerOf, callSiteOf } from '../call-context';
import { hotelOrder } from '../mapping/hotel-orders';
import { orderFormInput, personInput } from '../mapping/orders';
import { paymentRequest } from '../mapping/payments';
import { voucher } from '../mapping/vouchers';

/** HotelOrderCreate: the preview, the payment split and the form as its schema reads it → placeHotelOrder → the order. */
export function hotelOrderCreateHandler(ports: HotelOrderPorts) {
  return async (request: HotelOrderCreateRequest, context: HandlerContext) => {
    const order = await placeHotelOrder(ports, callSiteOf(context.values), callerOf(context), {
      previewId: request.previewId?.id ?? '',
      payment: paymentRequest(request.paymentRequest, request.agreedCharge),
      form: {
        order: orderFormInput(request.order),
        stayingGuest: request.guest ? 'someoneElse' : 'orderer',
        guest: personInput(request.guest),
      },
    });
    return { order: hotelOrder(order) };
  };
}

/** OrderCancel: the order id → cancelOrder → the order and its compensation voucher. */
export function orderCancelHandler(ports: CancelPorts) {
  return async (request: OrderCancelRequest, context: HandlerContext) => {
    const id = request.orderId?.id ?? '';
    if (!isUuid(id)) throw new DomainError('order_not_found');
    const cancelled = await cancelOrder(ports, callSiteOf(context.values), id);
    return { hotelOrder: hotelOrder(cancelled.order), voucher: cancelled.voucher && voucher(cancelled.voucher) };
  };
}
