import 'server-only';
import { randomUUID } from 'node:crypto';
import { availabilityById, findAvailability } from '../booking/availability';
import { type AvailabilityView, availabilityView } from '../booking/availability-view';
import { hotelAtAGlance } from '../booking/hotel-at-a-glance';
import { type ParsedLink, parseHotelLink } from '../booking/parse-link';
import type { HotelInfo } from '../booking/portal';
import type { Stay } from '../booking/stay';
import type { Caller } from '../security/caller';
import type { Services } from '../services';
import type { Site } from '../site';

export type HotelLinkPorts = Pick<Services, 'budgets' | 'clock' | 'portal' | 'website'>;

export interface AnalysedLink extends ParsedLink {
  /** The hotel, when the link carries no dates (the page shows it while the visitor picks them). */
  hotel?: { info: HotelInfo; requestId: string; at: Date };
}

/**
 * HotelParseUrl: a pasted Booking.com link → the hotel and the stay it carries (dates may be
 * missing or passed). Every analysis may fetch pages from Booking.com, whose patience with our
 * address is the site's: it costs the caller a unit of linkAnalyses.
 */
export async function analyseHotelLink(ports: HotelLinkPorts, site: Site, caller: Caller, url: string): Promise<AnalysedLink> {
  await ports.budgets.spend('linkAnalyses', caller);
  const parsed = await parseHotelLink(ports.website, url, ports.clock.now());
  if (parsed.stay.checkIn && parsed.stay.checkOut) return parsed;
  const info = await hotelAtAGlance(ports, site, parsed.hotelId);
  return info ? { ...parsed, hotel: { info, requestId: randomUUID(), at: ports.clock.now() } } : parsed;
}

export type AvailabilityPorts = Pick<Services, 'budgets' | 'clock' | 'config' | 'db' | 'portal'>;

/** A stay asked of Booking.com, or an answer given before (its id, from the page's address). */
export type AvailabilityLookup = { by: 'stay'; hotelId: string; stay: Stay } | { by: 'id'; availabilityId: string };

/** HotelAvailability: the hotel and its rooms for a stay, fresh (server/booking/availability.ts) or as answered before. */
export async function askAvailability(ports: AvailabilityPorts, site: Site, caller: Caller, lookup: AvailabilityLookup): Promise<AvailabilityView> {
  const stored =
    lookup.by === 'stay'
      ? await findAvailability(ports, site, caller, lookup.hotelId, lookup.stay)
      : await availabilityById(ports, site, lookup.availabilityId);
  return availabilityView(stored);
}
