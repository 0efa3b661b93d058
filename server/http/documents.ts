import type { ServerResponse } from 'node:http';
import { BUSY_RETRY_AFTER_SECONDS, busyRefusal } from '../errors';
import { documentVersion, renderedDocument } from '../notifications/pdf/rendered';
import { orderDocument } from '../orders/documents';
import type { Services } from '../services';

const PRIVATE = { 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };

/**
 * The PDFs of a paid order; the order id (from the e-mailed link) is the key. Each version is
 * rendered once and then served from storage with a strong ETag (the version): the browser may keep
 * it but asks again each time (`no-cache`), and an unchanged document answers 304 without being
 * rendered or read. When no render or database connection is free in time: 503 with Retry-After.
 */
export async function orderDocumentResponse(services: Services, orderId: string, file: string, request: Request): Promise<Response> {
  try {
    const spec = await orderDocument(services, orderId, file);
    if (!spec) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
    const etag = `"${documentVersion(spec)}"`;
    const headers = { etag, 'cache-control': 'private, no-cache', ...PRIVATE };
    if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    const document = await renderedDocument(services, spec, 'request');
    return new Response(new Uint8Array(document.content), {
      headers: { ...headers, 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${document.fileName}"` },
    });
  } catch (error) {
    if (!busyRefusal(error)) throw error;
    return new Response(BUSY.body, { status: 503, headers: BUSY.headers });
  }
}

const BUSY = {
  body: 'Busy, please try again in a moment.',
  headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(BUSY_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
};

/** The answer to a download this process has no room for (in-flight.ts), before anything is read. */
export function refuseBusyDocument(res: ServerResponse): void {
  res.writeHead(503, BUSY.headers).end(BUSY.body);
}

/** If-None-Match against the document's ETag (RFC 9110 13.1.2: weak comparison, or `*`). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
