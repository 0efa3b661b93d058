import { composeSandbox } from '@/compose.mts';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteServer } from '@/server/http/site-server';
import type { Services } from '@/server/services';

export type SiteFetch = (request: Request) => Promise<Response>;

/** A request exactly as written: its target unnormalised (dot segments stay), its header lines in order (a Host of any shape, twice). */
export interface RawRequest {
  method?: string;
  target: string;
  headers: [string, string][];
  body?: string | Uint8Array;
}

/**
 * The site's routes (the API, callbacks, documents, health, simulators) on a real socket, through
 * the same request listener server.mts uses (forwarding rules included), without pages. The
 * returned fetch sends a Request there as it is, Host header included (fetch itself would
 * replace it), so a test picks the site by host as a browser does; `raw` sends what no fetch
 * Request can hold, as curl --path-as-is would.
 */
export function siteOverHttp(services: Services): { fetch: SiteFetch; raw(request: RawRequest): Promise<Response>; port(): Promise<number>; close(): Promise<void> } {
  const server = siteServer(services, { simulators: composeSandbox(services) });
  const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return {
    fetch: async (request) => send(await listening, request),
    raw: async (request) => exchange(await listening, request.method ?? 'GET', request.target, request.headers.flat(), request.body),
    port: () => listening,
    close: async () => {
      await listening;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function send(port: number, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = { host: url.host };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body && !headers['content-length'] && !headers['transfer-encoding']) headers['content-length'] = String(body.byteLength);
  return exchange(port, request.method, url.pathname + url.search, headers, body);
}

function exchange(port: number, method: string, path: string, headers: Record<string, string> | string[], body?: string | Uint8Array): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const one of value) responseHeaders.append(name, one);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const status = incoming.statusCode ?? 0;
        const nullBody = status === 204 || status === 304 || method === 'HEAD';
        resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
