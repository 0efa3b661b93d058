import { DomainError } from '../errors';
import { isCalendarDate, pragueToday } from '@/lib/prague-time';
import { STAY_LIMITS, type Stay, validateStay } from './stay';

/** A Booking.com address is https on booking.com or one of its subdomains, and nothing else. */
export function isBookingHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'booking.com' || host.endsWith('.booking.com');
}

/** Longer than any real Booking.com hotel link, even with every search parameter. */
export const MAX_LINK_LENGTH = 2048;

/**
 * Parses and checks a pasted link: a URL (invalid_url), https (not_https_url), Booking.com
 * (not_from_booking) on its https port and without credentials (invalid_url): the server fetches
 * the link, so a port would let a pasted link (or a redirect) reach another service of the host.
 */
export function bookingUrl(input: string): URL {
  if (input.length > MAX_LINK_LENGTH) throw new DomainError('invalid_url', `longer than ${MAX_LINK_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new DomainError('invalid_url');
  }
  if (url.protocol !== 'https:') throw new DomainError(url.protocol === 'http:' ? 'not_https_url' : 'invalid_url');
  if (!isBookingHost(url.hostname)) throw new DomainError('not_from_booking');
  // The URL parser drops an explicit :443 from https, so any port left is another one.
  if (url.port !== '') throw new DomainError('invalid_url', `port ${url.port}`);
  if (url.username !== '' || url.password !== '') throw new DomainError('invalid_url', 'credentials in the link');
  return url;
}

/** `/Share-ALqQ48w`: the app's short link, which redirects to the hotel page. */
export function isShareLink(url: URL): boolean {
  return /^\/Share-[A-Za-z0-9_-]{4,16}\/?$/.test(url.pathname);
}

/** `/hotel/{cc}/{slug}[.{lang}].html`. */
export function isHotelPage(url: URL): boolean {
  return /^\/hotel\/[a-z]{2}\/[a-z0-9-]{1,200}(\.[a-z]{2}(-[a-z]{2})?)?\.html$/i.test(url.pathname.split(';')[0] ?? '');
}

/**
 * The query of a Booking.com link as key/value pairs. Older links separate them with ";" even
 * after "?", so both separators count; `age` repeats once per child.
 */
function queryPairs(url: URL): [string, string][] {
  const raw = url.search.replace(/^\?/, '') + (url.pathname.includes(';') ? `;${url.pathname.split(';').slice(1).join(';')}` : '');
  return raw
    .split(/[&;]/)
    .filter(Boolean)
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [decodeURIComponent(key.replace(/\+/g, ' ')), decodeURIComponent(value.replace(/\+/g, ' '))];
    });
}

const INTEGER = /^\d{1,3}$/;

/**
 * The stay a hotel link carries: dates, adults, children's ages and rooms, each checked with its
 * own catalogue code. What the link does not say stays at the defaults (1 room, 2 adults, no
 * children, no dates) for the visitor to fill in; missing dates are not an error.
 */
/** The stay a link carries; dates that have passed are dropped (and said so) for new ones. */
export interface LinkStay {
  stay: Stay;
  datesPassed: boolean;
}

export function stayFromLink(url: URL, now: Date): LinkStay {
  const pairs = queryPairs(url);
  const value = (key: string) => pairs.find(([k]) => k === key)?.[1];
  const stay: Stay = { rooms: 1, adults: 2, childrenAges: [] };
  const checkIn = value('checkin');
  const checkOut = value('checkout');
  if (checkIn) stay.checkIn = checkIn;
  if (checkOut) stay.checkOut = checkOut;
  const adults = value('group_adults');
  if (adults !== undefined) {
    if (!INTEGER.test(adults) || Number(adults) < 1 || Number(adults) > STAY_LIMITS.maxAdults) throw new DomainError('invalid_group_adults');
    stay.adults = Number(adults);
  }
  const rooms = value('no_rooms');
  if (rooms !== undefined) {
    if (!INTEGER.test(rooms)) throw new DomainError('invalid_rooms');
    stay.rooms = Number(rooms);
  }
  const children = value('group_children');
  let childCount = 0;
  if (children !== undefined) {
    if (!INTEGER.test(children)) throw new DomainError('invalid_group_children');
    childCount = Number(children);
  }
  const ages = pairs.filter(([k]) => k === 'age').map(([, v]) => v);
  for (const age of ages) {
    if (!INTEGER.test(age) || Number(age) > 17) throw new DomainError('invalid_child_age');
  }
  if (ages.length < childCount) throw new DomainError('missing_child_age');
  if (ages.length > childCount) throw new DomainError('unexpected_count_of_children_ages');
  stay.childrenAges = ages.map(Number);
  if (childCount > STAY_LIMITS.maxChildren) throw new DomainError('invalid_children_count');
  // A link kept from an earlier trip still names the hotel: its passed dates are the only thing
  // wrong with it, so the visitor picks new ones instead of meeting a dead end.
  const today = pragueToday(now);
  const datesPassed = [stay.checkIn, stay.checkOut].some((date) => date !== undefined && isCalendarDate(date) && date < today);
  if (datesPassed) {
    delete stay.checkIn;
    delete stay.checkOut;
  }
  validateStay(stay, now, { requireDates: false });
  return { stay, datesPassed };
}
