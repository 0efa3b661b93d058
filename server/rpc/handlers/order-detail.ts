import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { OrderDetailRequest } from '@/gen/dzb/v1/order_pb';
import { readOrderOfSite } from '../../orders/read';
import { hotelOrderView } from '../../orders/hotel/view';
import { voucherOrderView } from '../../orders/voucher/view';
import type { Services } from '../../services';
import { callSiteOf } from '../call-context';
import { hotelOrderMessage, voucherOrderMessage } from './order-messages';

/** OrderDetail: an order of this site by its id, read in one query (server/orders/read.ts), as its view. */
export function orderDetailHandler(services: Services) {
  return async (request: OrderDetailRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const id = request.orderId?.id ?? '';
    const read = await readOrderOfSite(services, site, id);
    if (read.order.kind === 'voucher') {
      return { order: { case: 'voucherOrder' as const, value: voucherOrderMessage(services, await voucherOrderView(services, read)) } };
    }
    return { order: { case: 'hotelOrder' as const, value: hotelOrderMessage(services, await hotelOrderView(services, read)) } };
  };
}
