import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import { eq } from 'drizzle-orm';
import type { OrderDetailRequest } from '@/gen/dzb/v1/order_pb';
import { isUuid } from '@/lib/route-params';
import { orders } from '../../db/schema/orders';
import { DomainError } from '../../errors';
import { hotelOrderView } from '../../orders/hotel/view';
import { voucherOrderView } from '../../orders/voucher/view';
import type { Services } from '../../services';
import { callSiteOf } from '../call-context';
import { hotelOrderMessage, voucherOrderMessage } from './order-messages';

/**
 * An order by its id (the only key, from the e-mailed link). An order of another site answers
 * not found like an unknown id, so ids cannot be probed across sites.
 */
export function orderDetailHandler(services: Services) {
  return async (request: OrderDetailRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const id = request.orderId?.id ?? '';
    if (!isUuid(id)) throw new DomainError('order_not_found');
    const { db } = await services.db();
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    if (!order || order.site !== site.variant) throw new DomainError('order_not_found');
    if (order.kind === 'voucher') {
      return { order: { case: 'voucherOrder' as const, value: voucherOrderMessage(services, await voucherOrderView(services, order)) } };
    }
    return { order: { case: 'hotelOrder' as const, value: hotelOrderMessage(services, await hotelOrderView(services, order)) } };
  };
}
