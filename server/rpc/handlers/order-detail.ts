import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { OrderDetailRequest } from '@/gen/dzb/v1/order_pb';
import { isUuid } from '@/lib/route-params';
import { DomainError } from '../../errors';
import { orderForSite } from '../../orders/for-site';
import { hotelOrderView } from '../../orders/hotel/view';
import { voucherOrderView } from '../../orders/voucher/view';
import type { Services } from '../../services';
import { callSiteOf } from '../call-context';
import { hotelOrderMessage, voucherOrderMessage } from './order-messages';

/** OrderDetail: an order of this site by its id (server/orders/for-site.ts), as its view. */
export function orderDetailHandler(services: Services) {
  return async (request: OrderDetailRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const id = request.orderId?.id ?? '';
    if (!isUuid(id)) throw new DomainError('order_not_found');
    const order = await orderForSite(services, site, id);
    if (order.kind === 'voucher') {
      return { order: { case: 'voucherOrder' as const, value: voucherOrderMessage(services, await voucherOrderView(services, order)) } };
    }
    return { order: { case: 'hotelOrder' as const, value: hotelOrderMessage(services, await hotelOrderView(services, order)) } };
  };
}
