import type { HandlerContext } from '@connectrpc/connect';
import type { OrderDetailRequest } from '@/gen/dzb/v1/order_pb';
import { orderForSite, type OrderPorts } from '../../use-cases/orders';
import { callSiteOf } from '../call-context';
import { hotelOrder } from '../mapping/hotel-orders';
import { voucherOrder } from '../mapping/orders';

/** OrderDetail: the order id → orderForSite → the hotel order or the voucher purchase. */
export function orderDetailHandler(ports: OrderPorts) {
  return async (request: OrderDetailRequest, context: HandlerContext) => {
    const view = await orderForSite(ports, callSiteOf(context.values), request.orderId?.id ?? '');
    if (view.kind === 'voucher') return { order: { case: 'voucherOrder' as const, value: voucherOrder(view.voucher) } };
    return { order: { case: 'hotelOrder' as const, value: hotelOrder(view.hotel) } };
  };
}
