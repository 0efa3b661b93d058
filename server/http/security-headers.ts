import type { ServerResponse } from 'node:http';
import type { Config } from '../config';

/** Two years, subdomains too: outside dev and test every host of the site is HTTPS only. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers every answer of the server carries, whoever writes it (the API, callbacks,
 * documents, health, the console, the simulators, pages through the edge or Next, 404s,
 * redirects, 304s): set on the response before any route sees it, so a route's own value of the
 * same header replaces it rather than adding a second. No answer may be sniffed as another type
 * or framed (pages also say `frame-ancestors 'none'` in their CSP); HSTS goes out outside
 * dev and test only (a browser ignores it over plain HTTP anyway, and local hosts stay usable).
 */
export function securityHeaders(appEnv: Config['appEnv']): (res: ServerResponse) => void {
  const headers = securityHeaderList(appEnv);
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}

/** Those headers as name and value, for an answer written without a ServerResponse (client-errors.ts). */
export function securityHeaderList(appEnv: Config['appEnv']): [string, string][] {
  const headers: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ];
  if (appEnv !== 'dev' && appEnv !== 'test') headers.push(['strict-transport-security', HSTS]);
  return headers;
}
