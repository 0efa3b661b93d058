import 'server-only';
import { DomainError } from '../errors';
import { bookingUrl, isHotelPage, isShareLink, type LinkStay, stayFromLink } from './link';
import { isBotChallenge, propertyIdFromPage, propertyIdFromUrl } from './scrape';
import type { Stay } from './stay';
import { type BookingWebsite, readCapped } from './website';

const MAX_HOPS = 5;
const MAX_PAGE_BYTES = 3_000_000;

export interface ParsedLink {
  hotelId: string;
  stay: Stay;
  /** The link's dates lay in the past and were left out of `stay`. */
  datesPassed: boolean;
  /** The hotel page the link led to (after redirects). */
  url: URL;
}

/**
 * A pasted Booking.com link → the property id and the stay it carries. Redirects (share links,
 * a hotel page moved to another address) are followed one hop at a time, each hop checked again
 * (https, a Booking.com host), so a redirect can never lead the server elsewhere. The hotel page
 * is fetched with a timeout and a size cap and its property id read. A link that is not a hotel
 * page is the visitor's `unexpected_format`; a page Booking.com does not have is
 * `hotel_not_found`; a bot challenge or another odd answer is our `request_failed` /
 * `unexpected_status_code` (try again), never the visitor's fault.
 */
export async function parseHotelLink(website: BookingWebsite, input: string, now: Date): Promise<ParsedLink> {
  let url = bookingUrl(input);
  let stay: LinkStay | undefined;
  for (let hop = 0; ; hop++) {
    if (!isShareLink(url) && !isHotelPage(url)) throw new DomainError('unexpected_format', 'not a hotel page');
    // The stay comes from the first hotel address: a later redirect may drop the query.
    if (isHotelPage(url)) stay ??= stayFromLink(url, now);
    const response = await website.get(url);
    if (response.status >= 300 && response.status <= 399) {
      const location = response.headers.get('location');
      if (!location || hop + 1 >= MAX_HOPS) throw new DomainError('unexpected_status_code', 'a redirect without a target, or too many');
      url = bookingUrl(new URL(location, url).toString());
      continue;
    }
    if (isShareLink(url)) throw new DomainError('unexpected_status_code', 'a share link that does not redirect');
    const html = await readCapped(response, MAX_PAGE_BYTES);
    if (isBotChallenge(response.status, html)) throw new DomainError('request_failed', 'the page is a bot challenge');
    if (response.status === 404 || response.status === 410) throw new DomainError('hotel_not_found', `the hotel page answered ${response.status}`);
    if (response.status !== 200) throw new DomainError('unexpected_status_code');
    const hotelId = propertyIdFromPage(html) ?? propertyIdFromUrl(url);
    if (!hotelId) throw new DomainError('cannot_scrape_property_id');
    const found = stay ?? stayFromLink(url, now);
    return { hotelId, stay: found.stay, datesPassed: found.datesPassed, url };
  }
}
