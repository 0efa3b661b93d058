import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { HotelParseUrlRequest } from '@/gen/dzb/v1/hotel_pb';
import { parseHotelLink } from '../../booking/parse-link';
import { spend } from '../../security/rate-limit';
import type { Services } from '../../services';
import { callerOf } from '../call-context';
import { hotelRequest } from '../mapping/hotels';

/** A pasted Booking.com link → the hotel and the stay it carries (dates may be missing). */
export function hotelParseUrlHandler(services: Services) {
  return async (request: HotelParseUrlRequest, context: HandlerContext) => {
    // Every analysis may fetch pages from Booking.com, whose patience with our address is the site's.
    await spend(services, 'linkAnalyses', callerOf(context).address);
    const parsed = await parseHotelLink(services.website, request.url, services.clock.now());
    return { hotelRequest: hotelRequest(parsed.hotelId, parsed.stay) };
  };
}
