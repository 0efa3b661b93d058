import { create } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import { type HotelAvailabilityRequest, type HotelAvailabilityResponse, HotelAvailabilityResponseSchema } from '@/gen/dzb/v1/hotel_pb';
import type { AvailabilityView } from '../../booking/availability-view';
import { DomainError } from '../../errors';
import { askAvailability, type AvailabilityLookup, type AvailabilityPorts } from '../../use-cases/hotels';
import { callerOf, callSiteOf } from '../call-context';
import { hotelAvailability, hotelDetail, hotelRequest, stayOf } from '../mapping/hotels';
import { sharedAnswer } from '../shared-answers';

/** HotelAvailability: a stay (by specification) or an earlier answer (by id) → askAvailability → the hotel and its rooms. */
export function hotelAvailabilityHandler(ports: AvailabilityPorts) {
  return async (request: HotelAvailabilityRequest, context: HandlerContext) => {
    const view = await askAvailability(ports, callSiteOf(context.values), callerOf(context), lookupOf(request));
    return answerOf(view);
  };
}

/**
 * The answer of a stored availability, mapped once per decoded answer and set of card-less rates:
 * an order page reloaded, or polled, asks for the same answer again and again, and the answer is
 * a pure function of those two (the decoded answer is frozen and shared by every reader); its
 * bytes are written once too (shared-answers.ts).
 */
const mapped = new WeakMap<object, { cardless: readonly string[]; answer: HotelAvailabilityResponse }>();

function answerOf(view: AvailabilityView): HotelAvailabilityResponse {
  const { stored } = view;
  const known = mapped.get(stored.availability);
  if (known && known.answer.availabilityId?.id === stored.id && sameItems(known.cardless, stored.cardless)) return known.answer;
  const answer = create(HotelAvailabilityResponseSchema, {
    availabilityId: { id: stored.id },
    hotelRequest: hotelRequest(stored.hotelId, stored.stay),
    hotelDetail: hotelDetail(stored.hotel, stored.availability),
    hotelAvailability: hotelAvailability(view),
  });
  if (!Object.isFrozen(stored.availability)) return answer;
  mapped.set(stored.availability, { cardless: [...stored.cardless], answer: sharedAnswer(answer) });
  return answer;
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function lookupOf({ lookup }: HotelAvailabilityRequest): AvailabilityLookup {
  if (lookup.case === 'bySpecification') return { by: 'stay', ...stayOf(lookup.value.hotelRequest) };
  if (lookup.case === 'byId') return { by: 'id', availabilityId: lookup.value.availabilityId?.id ?? '' };
  throw new DomainError('invalid_request', 'by_specification or by_id is required');
}
