import type { HandlerContext } from '@connectrpc/connect';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { OrderDetailRequest, OrderDetailResponseSchema } from '@/gen/dzb/v1/order_pb';
import { orderForSite, orderSinceVersion, type OrderPorts, type OrderView } from '../../use-cases/orders';
import { callSiteOf } from '../call-context';
import { hotelOrder } from '../mapping/hotel-orders';
import { voucherOrder } from '../mapping/orders';

type Answer = MessageInitShape<typeof OrderDetailResponseSchema>;

/**
 * OrderDetail: the order id → orderForSite → the hotel order or the voucher purchase, with its
 * version; with a known version (a status page's poll) → orderSinceVersion → `unchanged` while
 * the order is still at it.
 */
export function orderDetailHandler(ports: OrderPorts) {
  return async (request: OrderDetailRequest, context: HandlerContext): Promise<Answer> => {
    const site = callSiteOf(context.values);
    const orderId = request.orderId?.id ?? '';
    if (request.knownVersion === undefined) return fullAnswer(await orderForSite(ports, site, orderId));
    const view = await orderSinceVersion(ports, site, orderId, request.knownVersion.toString());
    if (view.kind === 'unchanged') return { order: { case: 'unchanged', value: {} }, version: BigInt(view.version) };
    return fullAnswer(view);
  };
}

function fullAnswer(view: OrderView): Answer {
  if (view.kind === 'voucher') return { order: { case: 'voucherOrder', value: voucherOrder(view.voucher) }, version: BigInt(view.voucher.order.version) };
  return { order: { case: 'hotelOrder', value: hotelOrder(view.hotel) }, version: BigInt(view.hotel.order.version) };
}
