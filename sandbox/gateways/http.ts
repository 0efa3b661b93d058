/** Small HTTP helpers shared by the simulated gateways. */

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function redirect(location: string, status = 303): Response {
  return new Response(null, { status, headers: { location, 'cache-control': 'no-store' } });
}

export function methodNotAllowed(allow: string): Response {
  return new Response('Method not allowed', { status: 405, headers: { allow, 'content-type': 'text/plain' } });
}

/** The URL-decoded segments of a path, or undefined when one is not valid percent-encoding. */
export function segments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** A JSON object body, or undefined for anything else. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = await request.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A form body (application/x-www-form-urlencoded) as the browser posts it. */
export async function readForm(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(await request.text());
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin the browser used, for links that send it on (payment pages, the way back to the
 * "try it" page). Next hands route handlers its listening address (0.0.0.0) as the URL's host,
 * so the Host header decides; server.mts has already dropped forwarded headers nobody trusted.
 */
export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  // A trusted proxy's forwarded host (server.mts drops any other), else the Host header.
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const proto = request.headers.get('x-forwarded-proto') === 'https' ? 'https' : url.protocol.replace(/:$/, '');
  return host && HOST.test(host) ? `${proto}://${host}` : url.origin;
}
