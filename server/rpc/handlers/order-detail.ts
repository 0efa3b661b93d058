import { create } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import { type OrderDetailRequest, type OrderDetailResponse, OrderDetailResponseSchema } from '@/gen/dzb/v1/order_pb';
import type { OrderRead } from '../../orders/read';
import { orderForSite, orderSinceVersion, type OrderPorts, type OrderView } from '../../use-cases/orders';
import { callSiteOf } from '../call-context';
import { hotelOrder } from '../mapping/hotel-orders';
import { voucherOrder } from '../mapping/orders';
import { sharedAnswer } from '../shared-answers';

/**
 * OrderDetail: the order id → orderForSite → the hotel order or the voucher purchase, with its
 * version; with a known version (a status page's poll) → orderSinceVersion → `unchanged` while
 * the order is still at it. The answer to a version of an order, as of what the clock decides in
 * it, is mapped and written once (shared-answers.ts): a page, a reload and a second tab read the
 * same bytes until the order or the clock's part of it changes.
 */
export function orderDetailHandler(ports: OrderPorts) {
  const answers = new WeakMap<OrderRead, { asOf: string; answer: OrderDetailResponse }>();
  const fullAnswer = (view: OrderView): OrderDetailResponse => {
    const kept = answers.get(view.read);
    if (kept?.asOf === view.asOf) return kept.answer;
    const answer = sharedAnswer(
      create(OrderDetailResponseSchema, {
        order: view.kind === 'voucher' ? { case: 'voucherOrder', value: voucherOrder(view.voucher) } : { case: 'hotelOrder', value: hotelOrder(view.hotel) },
        version: BigInt(view.read.order.version),
      }),
    );
    answers.set(view.read, { asOf: view.asOf, answer });
    return answer;
  };
  return async (request: OrderDetailRequest, context: HandlerContext): Promise<OrderDetailResponse> => {
    const site = callSiteOf(context.values);
    const orderId = request.orderId?.id ?? '';
    if (request.knownVersion === undefined) return fullAnswer(await orderForSite(ports, site, orderId));
    const view = await orderSinceVersion(ports, site, orderId, request.knownVersion.toString());
    if (view.kind === 'unchanged') return create(OrderDetailResponseSchema, { order: { case: 'unchanged', value: {} }, version: BigInt(view.version) });
    return fullAnswer(view);
  };
}
