import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { HotelAvailabilityRequest } from '@/gen/dzb/v1/hotel_pb';
import { availabilityById, findAvailability } from '../../booking/availability';
import { DomainError } from '../../errors';
import type { Services } from '../../services';
import { callerOf, callSiteOf } from '../call-context';
import { hotelAvailability, hotelDetail, hotelRequest, stayOf } from '../mapping/hotels';

/** The hotel and its rooms for a stay, fresh (by specification) or as answered before (by id). */
export function hotelAvailabilityHandler(services: Services) {
  return async (request: HotelAvailabilityRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const lookup = request.lookup;
    let stored;
    if (lookup.case === 'bySpecification') {
      const { hotelId, stay } = stayOf(lookup.value.hotelRequest);
      stored = await findAvailability(services, site, callerOf(context), hotelId, stay);
    } else if (lookup.case === 'byId') {
      stored = await availabilityById(services, site, lookup.value.availabilityId?.id ?? '');
    } else {
      throw new DomainError('invalid_request', 'by_specification or by_id is required');
    }
    return {
      availabilityId: { id: stored.id },
      hotelRequest: hotelRequest(stored.hotelId, stored.stay),
      hotelDetail: hotelDetail(stored.hotel, stored.availability),
      hotelAvailability: hotelAvailability(stored),
    };
  };
}
