import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { CONSOLE_HEADERS } from './shell';

/**
 * GET /console/metrics: the process's metrics in Prometheus's text format. A signed-in operator
 * reads them in the browser on the console's host; a scraper shows METRICS_TOKEN as a bearer
 * token (compared in constant time), on any host, so that each replica can be scraped by its own
 * address. Anyone else gets 401 (on the console's host) or the console's 404 (elsewhere).
 */
export async function metricsResponse(services: Pick<Services, 'config' | 'metrics'>, request: Request, operator: Operator | undefined): Promise<Response> {
  if (!operator && !scraperShowsToken(services, request)) {
    return new Response('Unauthorized\n', { status: 401, headers: { ...CONSOLE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="console"' } });
  }
  const { registry } = services.metrics;
  return new Response(await registry.metrics(), { headers: { ...CONSOLE_HEADERS, 'content-type': registry.contentType } });
}

/** Whether the request shows the configured metrics token. */
export function scraperShowsToken(services: Pick<Services, 'config'>, request: Request): boolean {
  return bearerMatches(request.headers.get('authorization'), services.config.console.metricsToken);
}

function bearerMatches(header: string | null, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
