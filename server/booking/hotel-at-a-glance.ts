import 'server-only';
import { DomainError } from '../errors';
import type { Services } from '../services';
import type { Site } from '../site';
import { portalLanguage } from './availability';
import type { HotelInfo } from './portal';

/**
 * The hotel a link names, for showing it while the visitor still picks dates. It is a courtesy:
 * when Booking.com cannot tell it right now the page goes on without it (the availability check
 * that follows fetches it again and reports its own errors), so only our own faults escape.
 */
export async function hotelAtAGlance(services: Pick<Services, 'portal'>, site: Site, hotelId: string): Promise<HotelInfo | undefined> {
  try {
    return await services.portal.hotel(hotelId, portalLanguage(site.locale));
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}
