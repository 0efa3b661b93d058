import type { SandboxContext, SimulatorPorts } from '../index';
import { failure } from './demand-api/http';

/** The operations Booking.com's reservation service answers: booking and looking orders up. */
const RESERVATIONS = ['/orders/create', '/orders/details', '/orders/details/accommodations'];
/** What the outage tells callers: come back in an hour. */
const RETRY_AFTER_SECONDS = 3600;

/** Per site (one simulator per process in a server; several in one test process). */
const down = new WeakMap<SimulatorPorts, boolean>();

/**
 * While the outage is on, orders/create and the order look-ups answer 503 with Retry-After: 3600
 * (availability and previews still answer): a create sent then has an unknown outcome, and the
 * site cannot find out until the outage ends. The site's booking job waits as asked, so the stay
 * stays PENDING with its attempt recorded, as a Booking.com maintenance window leaves it. One
 * switch for the whole simulator: only a test that owns its server may turn it on.
 */
export function outageAnswer(path: string, context: SandboxContext): Response | undefined {
  if (!down.get(context.services) || !RESERVATIONS.includes(path)) return undefined;
  const response = failure(503, 'maintenance', 'The reservation service is down for maintenance (sandbox outage).');
  response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
  return response;
}

/** `POST /sandbox/api/booking/outage` with `{"on": true}` or `{"on": false}`. */
export async function outageSwitch(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  if (path !== '/outage') return undefined;
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const body = (await request.json().catch(() => undefined)) as { on?: unknown } | undefined;
  if (typeof body?.on !== 'boolean') return Response.json({ error: 'on: true or false' }, { status: 400 });
  down.set(context.services, body.on);
  return Response.json({ outage: body.on }, { headers: { 'cache-control': 'no-store' } });
}
