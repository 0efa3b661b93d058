import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { forwardedFor } from './forwarded';
import { closeAfterResponse, readNodeBody } from './node-body';

/** Callbacks, documents and the simulators take no more than this in one request. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Serves a fetch-style handler (Request in, Response out) from Node's HTTP server, for the few
 * routes that are not hot and read best as fetch code: the gateways' callbacks, the documents,
 * the health check and the simulators.
 */
export function fromFetchHandler(handler: (request: Request) => Promise<Response> | Response) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const request = await toFetchRequest(req);
    if (!request) {
      closeAfterResponse(req, res);
      res.writeHead(413, { 'content-type': 'text/plain' }).end('request body too large');
      return;
    }
    await writeFetchResponse(await handler(request), res);
  };
}

/** The request as a fetch Request; undefined when its body is over the limit. */
export async function toFetchRequest(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Request | undefined> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  headers.set('x-forwarded-for', forwardedFor(req));
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  const body = bodyless ? undefined : await readNodeBody(req, limit);
  if (!bodyless && !body) return undefined;
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: body && body.byteLength > 0 ? new Uint8Array(body) : undefined,
    redirect: 'manual',
  });
}

export async function writeFetchResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}
