import type { HandlerContext } from '@connectrpc/connect';
import type { HotelParseUrlRequest } from '@/gen/dzb/v1/hotel_pb';
import { analyseHotelLink, type HotelLinkPorts } from '../../use-cases/hotels';
import { callerOf, callSiteOf } from '../call-context';
import { hotelDetail, hotelRequest } from '../mapping/hotels';

/** HotelParseUrl: a pasted link → analyseHotelLink → the hotel and the stay it carries. */
export function hotelParseUrlHandler(ports: HotelLinkPorts) {
  return async (request: HotelParseUrlRequest, context: HandlerContext) => {
    const link = await analyseHotelLink(ports, callSiteOf(context.values), callerOf(context), request.url);
    return {
      hotelRequest: hotelRequest(link.hotelId, link.stay),
      hotelDetail: link.hotel && hotelDetail(link.hotel.info, link.hotel),
      datesPassed: link.datesPassed,
    };
  };
}
