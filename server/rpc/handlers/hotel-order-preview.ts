import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { HotelOrderPreviewRequest } from '@/gen/dzb/v1/order_pb';
import { previewChoice } from '../../booking/preview';
import { DomainError } from '../../errors';
import { quoteHotelOrder } from '../../orders/hotel/pricing';
import { reopenPreview } from '../../orders/hotel/reopen-preview';
import type { Services } from '../../services';
import { spend } from '../../security/rate-limit';
import { callerOf, callSiteOf } from '../call-context';
import { hotelDetail, hotelOrderPreview, hotelRequest } from '../mapping/hotels';
import { paymentRequest, timestampFromDate } from '../mapping/payments';

/**
 * Prices a choice of rooms (by specification: asks Booking.com and stores a new preview) or a
 * stored one opened again (by id: reopen-preview.ts), with the fees, vouchers and bonus of the
 * payment request.
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
      preview = await reopenPreview(services, site, lookup.value.previewId?.id ?? '', options);
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
