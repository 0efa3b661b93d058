import { composeSandbox } from '@/compose.mts';
import { demandApi } from '@/server/booking/demand-api/client';
import { demandApiPortal } from '@/server/booking/demand-api/portal';
import type { BookingPortal } from '@/server/booking/portal';
import { bookingWebsite, type BookingWebsite } from '@/server/booking/website';
import type { DbHandle } from '@/server/db/open-db';
import { type DemandApiPath, validateRequest, validateResponse } from '../../support/demand-api-contract';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { serveFetch, type TestHttpServer } from '../support/http-server';
import { type TestServices, testServices } from '../support/services';

export const START = new Date('2026-11-22T10:00:00Z');
export const API_PREFIX = '/sandbox/booking/demand-api/3.1';

export interface BookingHarness {
  test: TestServices;
  sandbox: TestHttpServer;
  /** The site's own Demand API adapter, pointed at the served simulator. */
  portal: BookingPortal;
  website: BookingWebsite;
  /** Contract problems of every Demand API request and answer seen so far (should stay empty). */
  problems: string[];
  /** The bodies the site's adapter sent, in order. */
  requests: { path: DemandApiPath; body: Record<string, unknown> }[];
  /** A raw Demand API call with the configured credentials (or the given headers). */
  call(path: DemandApiPath, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * The sandbox served over real HTTP on a fresh database, with the site's real Demand API client
 * and website reader pointed at it. Every Demand API answer is checked against Booking.com's
 * OpenAPI description on the way through.
 */
export async function startBookingHarness(kind: TestDatabase['name']): Promise<BookingHarness> {
  const database = await createTestDatabase(kind);
  const db: DbHandle = await database.open();
  const test = testServices({ APP_ENV: 'test' }, { db });
  test.setNow(START);
  const sandbox = await serveFetch(composeSandbox(test.services));
  const problems: string[] = [];
  const requests: BookingHarness['requests'] = [];
  const { apiKey, affiliateId } = test.services.config.booking;
  const baseUrl = `${sandbox.url}${API_PREFIX}`;

  const checkedFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.slice(API_PREFIX.length) as DemandApiPath;
    const body: unknown = await response.clone().json();
    for (const problem of validateResponse(path, response.status, body)) problems.push(`${path} ${response.status}: ${problem}`);
    return response;
  };

  // What the site's adapter sends is checked too (raw calls of the tests may be wrong on purpose).
  const adapterFetch: typeof fetch = async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.slice(API_PREFIX.length) as DemandApiPath;
    const text = input instanceof Request ? await input.clone().text() : typeof init?.body === 'string' ? init.body : '';
    if (text) {
      const sent = JSON.parse(text) as Record<string, unknown>;
      requests.push({ path, body: sent });
      for (const problem of validateRequest(path, sent)) problems.push(`${path} request: ${problem}`);
    }
    return checkedFetch(input, init);
  };

  return {
    test,
    sandbox,
    portal: demandApiPortal(demandApi({ baseUrl, apiKey, affiliateId, fetch: adapterFetch, sleep: async () => {} })),
    website: bookingWebsite(`${sandbox.url}/sandbox/booking/www`),
    problems,
    requests,
    async call(path, body, headers) {
      const response = await checkedFetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: headers ?? { authorization: `Bearer ${apiKey}`, 'x-affiliate-id': String(affiliateId), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async close() {
      await sandbox.close();
      // Stops the job queue the site's services started before the database goes away.
      await test.close();
      await database.drop();
    },
  };
}
