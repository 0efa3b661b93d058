import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import type { HotelParseUrlRequest } from '@/gen/dzb/v1/hotel_pb';
import { hotelAtAGlance } from '../../booking/hotel-at-a-glance';
import { parseHotelLink } from '../../booking/parse-link';
import { spend } from '../../security/rate-limit';
import type { Services } from '../../services';
import { callerOf, callSiteOf } from '../call-context';
import { hotelDetail, hotelRequest } from '../mapping/hotels';

/** A pasted Booking.com link → the hotel and the stay it carries (dates may be missing or passed). */
export function hotelParseUrlHandler(services: Services) {
  return async (request: HotelParseUrlRequest, context: HandlerContext) => {
    // Every analysis may fetch pages from Booking.com, whose patience with our address is the site's.
    await spend(services, 'linkAnalyses', callerOf(context).address);
    const parsed = await parseHotelLink(services.website, request.url, services.clock.now());
    // Without dates the page shows the hotel while the visitor picks them.
    const hotel = parsed.stay.checkIn && parsed.stay.checkOut ? undefined : await hotelAtAGlance(services, callSiteOf(context.values), parsed.hotelId);
    return {
      hotelRequest: hotelRequest(parsed.hotelId, parsed.stay),
      hotelDetail: hotel && hotelDetail(hotel, { requestId: crypto.randomUUID(), at: services.clock.now() }),
      datesPassed: parsed.datesPassed,
    };
  };
}
