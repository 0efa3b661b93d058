/**
 * Type tests, checked by `npm run typecheck`: each @ts-expect-error must stay an error, so a
 * handler with a wrong signature can never compile into the API again.
 */
import type { HotelParseUrlRequest, HotelParseUrlResponse } from '@/gen/dzb/v1/hotel_pb';
import type { VersionResponse } from '@/gen/dzb/v1/version_pb';
import type { ApiHandlers } from '@/server/rpc/api';

declare const hotelAnswer: HotelParseUrlResponse;
declare const versionAnswer: VersionResponse;

export const answersAnotherOperationsResponse: ApiHandlers = {
  // @ts-expect-error Version must answer a VersionResponse
  version: () => hotelAnswer,
};

export const readsAnotherOperationsRequest: ApiHandlers = {
  // @ts-expect-error Version receives a VersionRequest, which has no url
  version: (request: HotelParseUrlRequest) => (request.url ? versionAnswer : versionAnswer),
};

export const namesAnOperationThatDoesNotExist: ApiHandlers = {
  // @ts-expect-error there is no such operation in dzb.v1.ApiService
  bookEverything: () => versionAnswer,
};

export const isWellTyped: ApiHandlers = {
  version: async () => versionAnswer,
};
