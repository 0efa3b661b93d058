import type { HandlerContext } from '@connectrpc/connect';
import type { HotelOrderPreviewRequest } from '@/gen/dzb/v1/order_pb';
import { DomainError } from '../../errors';
import { type HotelPreviewPorts, previewHotelOrder, type PreviewLookup } from '../../use-cases/hotel-orders';
import { callerOf, callSiteOf } from '../call-context';
import { hotelDetail, hotelOrderPreview, hotelRequest } from '../mapping/hotels';
import { paymentRequest, timestampFromDate } from '../mapping/payments';

/** HotelOrderPreview: rooms chosen (by specification) or a stored preview (by id) → previewHotelOrder → the priced preview. */
export function hotelOrderPreviewHandler(ports: HotelPreviewPorts) {
  return async (request: HotelOrderPreviewRequest, context: HandlerContext) => {
    const quote = await previewHotelOrder(ports, callSiteOf(context.values), callerOf(context), {
      lookup: lookupOf(request),
      options: {
        cancellationInsurance: request.options?.cancellationInsurance ?? false,
        carRentalInterest: request.options?.carRentalInterest ?? false,
      },
      payment: paymentRequest(request.paymentRequest),
    });
    const { preview } = quote;
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

function lookupOf({ lookup }: HotelOrderPreviewRequest): PreviewLookup {
  if (lookup.case === 'bySpecification') {
    return { by: 'choice', availabilityId: lookup.value.availabilityId?.id ?? '', productIds: lookup.value.productIds.map((p) => p.id) };
  }
  if (lookup.case === 'byId') return { by: 'id', previewId: lookup.value.previewId?.id ?? '' };
  throw new DomainError('invalid_request', 'by_specification or by_id is required');
}
