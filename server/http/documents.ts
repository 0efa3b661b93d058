import { orderDocument } from '../orders/documents';
import type { Services } from '../services';

/** The PDFs of a paid order; the order id (from the e-mailed link) is the key. */
export async function orderDocumentResponse(services: Services, orderId: string, file: string): Promise<Response> {
  const document = await orderDocument(services, orderId, file);
  if (!document) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(document.content), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${document.fileName}"`,
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex, nofollow',
    },
  });
}
