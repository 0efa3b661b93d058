import 'server-only';
import type { HotelParseUrlRequest } from '@/gen/dzb/v1/hotel_pb';
import { parseHotelLink } from '../../booking/parse-link';
import type { Services } from '../../services';
import { hotelRequest } from '../mapping/hotels';

/** A pasted Booking.com link → the hotel and the stay it carries (dates may be missing). */
export function hotelParseUrlHandler(services: Services) {
  return async (request: HotelParseUrlRequest) => {
    const parsed = await parseHotelLink(services.website, request.url, services.clock.now());
    return { hotelRequest: hotelRequest(parsed.hotelId, parsed.stay) };
  };
}
