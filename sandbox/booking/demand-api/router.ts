import { publicOrigin } from '../../gateways/http';
import type { SandboxContext } from '../../index';
import { hotelById } from '../catalogue';
import { bookingDb } from '../store';
import { refuseUnlessAuthorised } from './auth';
import { accommodationAvailability } from './availability';
import { ordersCancel } from './cancel';
import { commonCities } from './cities';
import { ordersCreate } from './create';
import { accommodationDetails } from './details';
import { failure, readJson } from './http';
import { ordersAccommodations, ordersDetails } from './orders';
import { ordersPreview } from './preview';
import { outageAnswer } from '../outage';

/** How long the slow fault hotel makes availability wait. */
export const SLOW_MS = 3_000;

function slowHotel(body: unknown): boolean {
  const id = (body as { accommodation?: unknown } | undefined)?.accommodation;
  return typeof id === 'number' && hotelById(id)?.fault === 'slow';
}

/** The Demand API 3.1 under /sandbox/booking/demand-api/3.1: POST JSON, bearer key and affiliate id. */
export async function demandApiRouter(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  const operations = ['/accommodations/details', '/common/locations/cities', '/accommodations/availability', '/orders/preview', '/orders/create', '/orders/details', '/orders/details/accommodations', '/orders/cancel'];
  if (!operations.includes(path)) return failure(404, 'not_found', `This sandbox does not serve ${path}.`);
  if (request.method !== 'POST') return failure(405, 'method_not_allowed', 'Every Demand API call is a POST with a JSON body.');
  const refused = refuseUnlessAuthorised(request, context.services);
  if (refused) return refused;
  const outage = outageAnswer(path, context);
  if (outage) return outage;
  const body = await readJson(request);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return failure(400, 'invalid_request', 'The body must be a JSON object.');
  const now = context.services.clock.now();
  const origin = publicOrigin(request);
  switch (path) {
    case '/accommodations/details':
      return accommodationDetails(body, origin);
    case '/common/locations/cities':
      return commonCities(body);
    case '/accommodations/availability':
      if (slowHotel(body)) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      return accommodationAvailability(body, now, await bookingDb(context));
    case '/orders/preview':
      return ordersPreview(body, now, await bookingDb(context));
    case '/orders/create':
      return ordersCreate(body, now, await bookingDb(context), origin);
    case '/orders/details':
      return ordersDetails(body, await bookingDb(context), context.services.config.booking.affiliateId, origin);
    case '/orders/details/accommodations':
      return ordersAccommodations(body, await bookingDb(context));
    default:
      return ordersCancel(body, now, await bookingDb(context));
  }
}
