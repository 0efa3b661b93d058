import { notFound } from '../html';
import type { SandboxContext, SandboxMount } from '../index';
import { hotelToday } from './calendar';
import { demandApiRouter } from './demand-api/router';
import { BOOKING_PREFIX } from './links';
import { outageSwitch } from './outage';
import { indexPage } from './pages/index-page';
import { orderPage, ordersPage } from './pages/orders-page';
import { photo } from './photos';
import { bookingDb, orderById, recentOrders } from './store';
import { www } from './www/pages';

/**
 * Everything under /sandbox/booking: the Demand API 3.1, the www.booking.com look-alike, the
 * photos the API lists, and the operators' pages (catalogue with demo links, orders).
 */
async function handle(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  const today = hotelToday(context.services.clock.now());
  if (path.startsWith('/demand-api/3.1/')) return demandApiRouter(request, path.slice('/demand-api/3.1'.length), context);
  if (path.startsWith('/www/')) return www(request, path.slice('/www'.length), today) ?? notFound();
  if (path.startsWith('/photos/')) return photo(path.slice('/photos'.length)) ?? notFound();
  if (request.method !== 'GET') return undefined;
  if (path === '/') return indexPage(today);
  if (path === '/orders') return ordersPage(await recentOrders(await bookingDb(context)));
  const order = /^\/orders\/(\d{1,20})$/.exec(path);
  if (order) return orderPage(await orderById(await bookingDb(context), order[1]!));
  return undefined;
}

export const BOOKING_MOUNTS: SandboxMount[] = [
  {
    prefix: BOOKING_PREFIX,
    title: 'Booking.com (hotel pages, share links, Demand API 3.1)',
    links: [
      { href: BOOKING_PREFIX, label: 'Hotels, demo links and fault hotels' },
      { href: `${BOOKING_PREFIX}/orders`, label: 'Orders created in the simulator' },
    ],
    handle,
  },
  { prefix: '/sandbox/api/booking', title: 'Booking.com: switches for tests', links: [], handle: outageSwitch },
];
