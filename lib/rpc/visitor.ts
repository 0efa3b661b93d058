import { apiClient } from './browser-client';

/**
 * Asks for a visitor pass (the step-up a page asked for): the client solves the challenge the
 * server answers with and calls again with the solution; the pass arrives as a cookie.
 */
export async function requestVisitorPass(): Promise<void> {
  await apiClient().visitorPass({});
}
