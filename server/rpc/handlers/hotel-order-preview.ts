import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { HotelOrderPreviewRequest } from '@/gen/dzb/v1/order_pb';
import { previewById, previewChoice, refreshPreview, repreview, updatePreviewOptions } from '../../booking/preview';
import { DomainError } from '../../errors';
import { alreadyOrdered } from '../../orders/hotel/create';
import { quoteHotelOrder } from '../../orders/hotel/pricing';
import type { Services } from '../../services';
import { spend } from '../../security/rate-limit';
import { callerOf, callSiteOf } from '../call-context';
import { hotelDetail, hotelOrderPreview, hotelRequest } from '../mapping/hotels';
import { paymentRequest, timestampFromDate } from '../mapping/payments';

/**
 * Prices a choice of rooms (by specification: asks Booking.com and stores a new preview) or
 * re-prices a stored one (by id: the payment split or the extras changed; an expired one is asked
 * again at Booking.com), with the fees,
 * vouchers and bonus of the payment request.
 */
export function hotelOrderPreviewHandler(services: Services) {
  return async (request: HotelOrderPreviewRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const caller = callerOf(context);
    await spend(services, 'previews', caller.address);
    const options = {
      cancellationInsurance: request.options?.cancellationInsurance ?? false,
      carRentalInterest: request.options?.carRentalInterest ?? false,
    };
    const lookup = request.lookup;
    let preview;
    if (lookup.case === 'bySpecification') {
      const productIds = lookup.value.productIds.map((p) => p.id);
      preview = await previewChoice(services, site, lookup.value.availabilityId?.id ?? '', productIds, options);
    } else if (lookup.case === 'byId') {
      const stored = await previewById(services, site, lookup.value.previewId?.id ?? '', { allowExpired: true });
      if (await alreadyOrdered(services, stored.id)) throw new DomainError('preview_already_ordered');
      // A page left open past the preview's validity is priced again at Booking.com, so the
      // visitor sees (and then orders at) today's price instead of a dead end.
      const current = stored.validUntil > services.clock.now() ? stored : await refreshPreview(services, stored, await repreview(services, stored));
      preview = await updatePreviewOptions(services, current, options);
    } else {
      throw new DomainError('invalid_request', 'by_specification or by_id is required');
    }
    const quote = await quoteHotelOrder(services, site, caller, preview, paymentRequest(request.paymentRequest));
    const meta = { requestId: preview.portal.requestId, at: preview.createdAt };
    return {
      previewId: { id: preview.id },
      hotelRequest: hotelRequest(preview.hotelId, preview.stay),
      hotelDetail: hotelDetail(preview.hotel, meta),
      orderPreview: hotelOrderPreview(quote, meta),
      previewValidUntil: timestampFromDate(preview.validUntil),
    };
  };
}
