import 'server-only';
import { DomainError } from '../errors';
import { readCappedBytes } from '../util/read-capped';

/** Booking.com's public web site, as link analysis reads it (share redirects and hotel pages). */
export interface BookingWebsite {
  /** GET without following redirects; throws request_failed on a network failure or timeout. */
  get(url: URL): Promise<Response>;
}

const TIMEOUT_MS = 10_000;

/**
 * The real site, or in sandbox mode the simulator's look-alike: `https://www.booking.com/<path>`
 * is then fetched from `<sandboxBase>/<path>` (the simulator answers with real booking.com
 * addresses in its redirects, so every hop is checked like a real one).
 */
export function bookingWebsite(sandboxBase: string | undefined): BookingWebsite {
  return {
    async get(url) {
      const target = sandboxBase ? new URL(`${sandboxBase}${url.pathname}${url.search}`) : url;
      try {
        return await fetch(target, {
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: { 'user-agent': 'Mozilla/5.0 (compatible; dzb-link-check/1.0)', 'accept-language': 'en' },
        });
      } catch (error) {
        throw new DomainError('request_failed', 'the hotel page could not be fetched', { cause: error });
      }
    },
  };
}

/** Reads at most `limit` bytes of a body: a hotel page is never larger, a hostile one may be. */
export async function readCapped(response: Response, limit: number): Promise<string> {
  const bytes = await readCappedBytes(response.body, limit);
  if (!bytes) throw new DomainError('request_failed', `the page is larger than ${limit} bytes`);
  return new TextDecoder().decode(bytes);
}
