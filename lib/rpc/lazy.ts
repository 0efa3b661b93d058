import type { ErrorCode } from '../error-codes';

/**
 * The browser's way into the API. Connect, protobuf and the generated code are loaded on first
 * use, so no page carries them in its first load (issue 6, page weight); forms start loading them
 * when the visitor first focuses a field, so a submit does not wait for them.
 */
export const browserApi = {
  contact: () => import('./contact'),
  hotelOrder: () => import('./hotel-order'),
  shop: () => import('./shop'),
  views: () => import('./views'),
};

export interface Failure {
  code: ErrorCode;
  requestId?: string;
}

/** What went wrong in an API call, as the forms show it. */
export async function failureOf(error: unknown): Promise<Failure> {
  const { errorCodeOf, requestIdOf } = await import('./errors');
  return { code: errorCodeOf(error), requestId: requestIdOf(error) };
}
