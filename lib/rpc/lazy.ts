import type { ErrorCode } from '../error-codes';

/**
 * The browser's way into the API. Connect, protobuf and the generated code are loaded on first
 * use, so no page carries them in its first load (issue 6, page weight); forms start loading them
 * when the visitor first focuses a field, so a submit does not wait for them.
 */
export const browserApi = {
  contact: () => import('./contact'),
  hotelOrder: () => import('./hotel-order'),
  orderPoll: () => import('./order-poll'),
  shop: () => import('./shop'),
  views: () => import('./views'),
  visitor: () => import('./visitor'),
  /** What reads a failed call (failureOf): needed exactly when the connection may be gone. */
  failures: () => import('./errors'),
};

/**
 * Starts loading the given parts while the visitor fills a form. A load that fails here (offline)
 * is left to the submit to try again: an unhandled failed import makes Next reload the page, and
 * offline that replaces the form and all it holds with the browser's error page.
 */
export function loadSoon(...parts: (() => Promise<unknown>)[]): void {
  for (const part of parts) part().catch(() => undefined);
}

export interface Failure {
  code: ErrorCode;
  requestId?: string;
}

/** What went wrong in an API call, as the forms show it. */
export async function failureOf(error: unknown): Promise<Failure> {
  try {
    const { errorCodeOf, requestIdOf } = await browserApi.failures();
    return { code: errorCodeOf(error), requestId: requestIdOf(error) };
  } catch {
    // Not even the code that reads the failure could be fetched: the connection is gone.
    return { code: 'unavailable' };
  }
}
