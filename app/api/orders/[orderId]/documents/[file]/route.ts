import { orderDocument } from '@/server/orders/documents';
import { appServices } from '@/server/services';

/** The PDFs of a paid order; the order id (from the e-mailed link) is the key. */
export async function GET(_request: Request, { params }: { params: Promise<{ orderId: string; file: string }> }) {
  const { orderId, file } = await params;
  const document = await orderDocument(appServices(), orderId, file);
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

export const dynamic = 'force-dynamic';
