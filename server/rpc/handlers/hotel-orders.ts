import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { HotelOrderCreateRequest, OrderCancelRequest } from '@/gen/dzb/v1/order_pb';
import { hotelFormSchema } from '@/lib/forms/hotel-form';
import { isUuid } from '@/lib/route-params';
import { previewById } from '../../booking/preview';
import { DomainError } from '../../errors';
import { readOrderOfSite } from '../../orders/read';
import { cancelHotelOrder } from '../../orders/hotel/cancel';
import { createHotelOrder } from '../../orders/hotel/create';
import { hotelOrderView } from '../../orders/hotel/view';
import type { Services } from '../../services';
import { spend } from '../../security/rate-limit';
import { callerOf, callSiteOf } from '../call-context';
import { orderFormInput, personInput } from '../mapping/orders';
import { paymentRequest } from '../mapping/payments';
import { voucher } from '../mapping/vouchers';
import { hotelOrderMessage } from './order-messages';

/**
 * Places a hotel order from a preview: the form checked with the browser's schema, the price split
 * checked again on the server against the preview (an expired preview is priced again first), the
 * order answered with its payments. Submitting the same preview again answers the same order.
 */
export function hotelOrderCreateHandler(services: Services) {
  return async (request: HotelOrderCreateRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const caller = callerOf(context);
    await spend(services, 'orders', caller.address);
    const preview = await previewById(services, site, request.previewId?.id ?? '', { allowExpired: true });
    const form = hotelFormSchema.safeParse({
      order: orderFormInput(request.order),
      stayingGuest: request.guest ? 'someoneElse' : 'orderer',
      guest: personInput(request.guest),
    });
    if (!form.success) throw new DomainError('invalid_request', form.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const guest = form.data.stayingGuest === 'someoneElse' ? form.data.guest : undefined;
    const { order } = await createHotelOrder(services, site, caller, preview, paymentRequest(request.paymentRequest, request.agreedCharge), form.data.order, guest);
    return { order: hotelOrderMessage(services, await hotelOrderView(services, await readOrderOfSite(services, site, order.id))) };
  };
}

/** Cancels a booked stay (irreversible) and answers the order with its compensation voucher. */
export function orderCancelHandler(services: Services) {
  return async (request: OrderCancelRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const id = request.orderId?.id ?? '';
    if (!isUuid(id)) throw new DomainError('order_not_found');
    await cancelHotelOrder(services, site, id);
    const read = await readOrderOfSite(services, site, id);
    const view = await hotelOrderView(services, read);
    const compensation = read.vouchers[0];
    return {
      hotelOrder: hotelOrderMessage(services, view),
      voucher: compensation ? voucher(compensation, services.clock.now(), services.config.vouchers.expiresSoonDays) : undefined,
    };
  };
}
