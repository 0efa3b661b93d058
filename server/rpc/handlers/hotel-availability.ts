import type { HandlerContext } from '@connectrpc/connect';
import type { HotelAvailabilityRequest } from '@/gen/dzb/v1/hotel_pb';
import { DomainError } from '../../errors';
import { askAvailability, type AvailabilityLookup, type AvailabilityPorts } from '../../use-cases/hotels';
import { callerOf, callSiteOf } from '../call-context';
import { hotelAvailability, hotelDetail, hotelRequest, stayOf } from '../mapping/hotels';

/** HotelAvailability: a stay (by specification) or an earlier answer (by id) → askAvailability → the hotel and its rooms. */
export function hotelAvailabilityHandler(ports: AvailabilityPorts) {
  return async (request: HotelAvailabilityRequest, context: HandlerContext) => {
    const view = await askAvailability(ports, callSiteOf(context.values), callerOf(context), lookupOf(request));
    const { stored } = view;
    return {
      availabilityId: { id: stored.id },
      hotelRequest: hotelRequest(stored.hotelId, stored.stay),
      hotelDetail: hotelDetail(stored.hotel, stored.availability),
      hotelAvailability: hotelAvailability(view),
    };
  };
}

function lookupOf({ lookup }: HotelAvailabilityRequest): AvailabilityLookup {
  if (lookup.case === 'bySpecification') return { by: 'stay', ...stayOf(lookup.value.hotelRequest) };
  if (lookup.case === 'byId') return { by: 'id', availabilityId: lookup.value.availabilityId?.id ?? '' };
  throw new DomainError('invalid_request', 'by_specification or by_id is required');
}
