import { describe, expect, it } from 'vitest';
import { DomainError } from '@/server/errors';
import { bookingUrl, isBookingHost, stayFromLink } from '@/server/booking/link';
import { parseHotelLink } from '@/server/booking/parse-link';
import { isBotChallenge, propertyIdFromPage } from '@/server/booking/scrape';
import type { BookingWebsite } from '@/server/booking/website';

const NOW = new Date('2026-11-23T10:00:00Z');
const HOTEL = 'https://www.booking.com/hotel/cz/example.html';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
}

async function asyncCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'ok';
}

/** A site answering from a table of path → response, like Booking.com would. */
function site(pages: Record<string, () => Response>): BookingWebsite {
  return {
    async get(url) {
      const page = pages[url.pathname];
      return page ? page() : new Response('not found', { status: 404 });
    },
  };
}
const redirect = (location: string) => () => new Response(null, { status: 302, headers: { location } });
const hotelPage = (id: string) => () => new Response(`<script>var booking = { b_hotel_id: '${id}', b_ufi: '-553173' };</script>`, { status: 200 });

describe('link analysis: one case per catalogue code', () => {
  it.each([
    ['not a link', 'invalid_url'],
    ['ftp://www.booking.com/hotel/cz/x.html', 'invalid_url'],
    ['http://www.booking.com/hotel/cz/x.html', 'not_https_url'],
    ['https://booking.com.evil.example/hotel/cz/x.html', 'not_from_booking'],
    ['https://www.bookingxcom.cz/hotel/cz/x.html', 'not_from_booking'],
    ['https://evilbooking.com/hotel/cz/x.html', 'not_from_booking'],
    ['https://www.booking.com:5432/hotel/cz/x.html', 'invalid_url'],
    ['https://www.booking.com:80/hotel/cz/x.html', 'invalid_url'],
    ['https://booking.com:8443/hotel/cz/x.html', 'invalid_url'],
    ['https://www.booking.com:0443/hotel/cz/x.html', 'ok'],
    ['https://www.booking.com:443/hotel/cz/x.html', 'ok'],
    ['https://guest@www.booking.com/hotel/cz/x.html', 'invalid_url'],
    ['https://guest:secret@www.booking.com/hotel/cz/x.html', 'invalid_url'],
  ])('%s → %s', (input, expected) => {
    expect(code(() => bookingUrl(input))).toBe(expected);
  });

  it('accepts booking.com and its subdomains only', () => {
    expect(['booking.com', 'www.booking.com', 'm.booking.com', 'WWW.Booking.COM.'].every(isBookingHost)).toBe(true);
    expect(isBookingHost('booking.com.evil.example')).toBe(false);
  });

  it.each([
    ['?checkin=2026-13-01', 'invalid_checkin'],
    ['?checkin=2026-12-01&checkout=2026-12-32', 'invalid_checkout'],
    ['?group_adults=0', 'invalid_group_adults'],
    ['?group_adults=two', 'invalid_group_adults'],
    ['?group_children=-1', 'invalid_group_children'],
    ['?group_children=1&age=18', 'invalid_child_age'],
    ['?group_children=2&age=5', 'missing_child_age'],
    ['?group_children=1&age=5&age=7', 'unexpected_count_of_children_ages'],
    ['?no_rooms=x', 'invalid_rooms'],
    ['?no_rooms=0', 'invalid_rooms'],
    ['?checkin=2026-12-05&checkout=2026-12-05', 'checkout_before_checkin'],
    ['?checkin=2026-12-05&checkout=2027-04-05', 'stay_too_long'],
    ['?checkin=2028-06-01&checkout=2028-06-02', 'checkin_too_far'],
    ['?group_adults=1&no_rooms=2', 'invalid_adults_count'],
    ['?group_children=11&' + Array(11).fill('age=3').join('&'), 'invalid_children_count'],
  ])('%s → %s', (query, expected) => {
    expect(code(() => stayFromLink(new URL(HOTEL + query), NOW))).toBe(expected);
  });

  it('reads the stay with & or ; and repeated ages; missing dates are no error', () => {
    expect(stayFromLink(new URL(`${HOTEL}?aid=1;checkin=2026-12-10;checkout=2026-12-13;group_adults=2;group_children=2;age=4;age=9;no_rooms=1`), NOW)).toEqual({
      stay: { checkIn: '2026-12-10', checkOut: '2026-12-13', adults: 2, rooms: 1, childrenAges: [4, 9] },
      datesPassed: false,
    });
    expect(stayFromLink(new URL(HOTEL), NOW)).toEqual({ stay: { adults: 2, rooms: 1, childrenAges: [] }, datesPassed: false });
  });

  it.each(['?checkin=2026-11-20&checkout=2026-11-25&group_adults=3', '?checkout=2026-11-20&group_adults=3'])('a link with passed dates %s keeps the hotel and the guests, without the dates', (query) => {
    expect(stayFromLink(new URL(HOTEL + query), NOW)).toEqual({ stay: { adults: 3, rooms: 1, childrenAges: [] }, datesPassed: true });
  });
});

describe('following a link to the property id', () => {
  it('follows share links hop by hop and reads b_hotel_id', async () => {
    const website = site({
      '/Share-AbC123': redirect('https://www.booking.com/Share-Next99'),
      '/Share-Next99': redirect('https://www.booking.com/hotel/cz/example.cs.html?checkin=2026-12-10&checkout=2026-12-12'),
      '/hotel/cz/example.cs.html': hotelPage('4815162'),
    });
    const parsed = await parseHotelLink(website, 'https://www.booking.com/Share-AbC123', NOW);
    expect(parsed.hotelId).toBe('4815162');
    expect(parsed.stay.checkIn).toBe('2026-12-10');
  });

  it.each([
    [{ '/Share-Evil01': redirect('https://booking.com.evil.example/hotel/cz/x.html') }, 'https://www.booking.com/Share-Evil01', 'not_from_booking'],
    [{ '/Share-Http01': redirect('http://www.booking.com/hotel/cz/x.html') }, 'https://www.booking.com/Share-Http01', 'not_https_url'],
    // The fake site answers by path whatever the port: only the check stands between.
    [{ '/hotel/cz/example.html': hotelPage('4815162') }, 'https://www.booking.com:5432/hotel/cz/example.html', 'invalid_url'],
    [{ '/Share-Port01': redirect('https://www.booking.com:6379/hotel/cz/example.html'), '/hotel/cz/example.html': hotelPage('4815162') }, 'https://www.booking.com/Share-Port01', 'invalid_url'],
    [{ '/Share-Boom01': () => new Response('boom', { status: 500 }) }, 'https://www.booking.com/Share-Boom01', 'unexpected_status_code'],
    [{ '/Share-Home01': redirect('https://www.booking.com/index.html') }, 'https://www.booking.com/Share-Home01', 'unexpected_format'],
    [{ '/hotel/cz/example.html': () => new Response('<html>no id here</html>') }, HOTEL, 'cannot_scrape_property_id'],
    [{ '/hotel/cz/example.html': () => new Response('<script>window.awsWafCookieDomainList = []</script>', { status: 202 }) }, HOTEL, 'request_failed'],
    [{ '/hotel/cz/example.html': () => new Response('gone', { status: 410 }) }, HOTEL, 'hotel_not_found'],
    [{ '/hotel/cz/example.html': () => new Response('busy', { status: 503 }) }, HOTEL, 'unexpected_status_code'],
    [{}, `https://www.booking.com/hotel/cz/${'a'.repeat(201)}.html`, 'unexpected_format'],
    [{}, `https://www.booking.com/hotel/cz/example.html?x=${'a'.repeat(2048)}`, 'invalid_url'],
    [{}, 'https://www.booking.com/searchresults.html?ss=Praha', 'unexpected_format'],
  ])('%#: %s → %s', async (pages, input, expected) => {
    expect(await asyncCode(parseHotelLink(site(pages as Record<string, () => Response>), input, NOW))).toBe(expected);
  });

  it('stops a redirect loop', async () => {
    const website = site({ '/Share-Loop01': redirect('https://www.booking.com/Share-Loop01') });
    expect(await asyncCode(parseHotelLink(website, 'https://www.booking.com/Share-Loop01', NOW))).toBe('unexpected_status_code');
  });

  it('reads the hidden hotel_id input when the script marker is missing', () => {
    expect(propertyIdFromPage('<input type="hidden" name="hotel_id" value="77">')).toBe('77');
    expect(isBotChallenge(200, '<script src="/__challenge_x/challenge.js"></script>')).toBe(true);
  });
});
