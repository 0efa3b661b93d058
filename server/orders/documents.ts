import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/lib/route-params';
import { orders } from '../db/schema/orders';
import { vouchers } from '../db/schema/vouchers';
import { hotelOrders } from '../db/schema/hotel-orders';
import type { Services } from '../services';
import { DOCUMENT_FILES } from './document-links';
import { bookingConfirmationPdf } from './hotel/documents';
import { invoicePdfOf } from './invoice';
import { voucherDocument } from './voucher/voucher-document';
import { hotelOrderRecord } from './hotel/record';

export interface OrderDocumentFile {
  fileName: string;
  content: Buffer;
}

/**
 * The PDFs of a paid order, made from its data when asked (nothing is stored): the invoice, and
 * for a voucher purchase each issued voucher. Unknown ids, unpaid orders and foreign vouchers
 * are simply not found.
 */
export async function orderDocument(
  services: Pick<Services, 'config' | 'db'>,
  orderId: string,
  file: string,
): Promise<OrderDocumentFile | undefined> {
  if (!isUuid(orderId)) return undefined;
  const { db } = await services.db();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return undefined;
  if (file === DOCUMENT_FILES.invoice) return { fileName: `invoice-${order.number}.pdf`, content: await invoicePdfOf(services, order) };
  if (file === DOCUMENT_FILES.booking && order.kind === 'hotel') {
    const [hotel] = await db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.id));
    if (!hotel?.reservation) return undefined;
    return { fileName: `booking-${order.number}.pdf`, content: await bookingConfirmationPdf(services, order, hotelOrderRecord(hotel)) };
  }
  const voucherId = /^voucher-([0-9a-f-]{36})\.pdf$/.exec(file)?.[1];
  if (!voucherId) return undefined;
  const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.id, voucherId), eq(vouchers.sourceOrderId, order.id)));
  if (!voucher) return undefined;
  return { fileName: `voucher-${voucher.code}.pdf`, content: (await voucherDocument(services, voucher, order)).pdf };
}
