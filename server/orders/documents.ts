import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/lib/route-params';
import { orders } from '../db/schema/orders';
import { vouchers } from '../db/schema/vouchers';
import { hotelOrders } from '../db/schema/hotel-orders';
import type { DocumentSpec } from '../notifications/pdf/rendered';
import type { Services } from '../services';
import { creditNoteDocument } from './credit-note';
import { DOCUMENT_FILES } from './document-links';
import { bookingConfirmation } from './hotel/documents';
import { invoiceDocument } from './invoice';
import { voucherDocument } from './voucher/voucher-document';
import { hotelOrderRecord } from './hotel/record';

/**
 * A document of an order, as its data makes it now (rendered.ts renders it once per version):
 * once paid, the invoice, the credit note of money that went back, a booked stay's confirmation
 * (still served once cancelled, for the links already sent: it then says so); each voucher the
 * order issued, also a compensation voucher of an order cancelled unpaid. Unknown ids, documents
 * an order does not have and foreign vouchers are simply not found.
 */
export async function orderDocument(services: Pick<Services, 'config' | 'db'>, orderId: string, file: string): Promise<DocumentSpec | undefined> {
  if (!isUuid(orderId)) return undefined;
  const { db } = await services.db();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const voucherId = /^voucher-([0-9a-f-]{36})\.pdf$/.exec(file)?.[1];
  if (voucherId) {
    const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.id, voucherId), eq(vouchers.sourceOrderId, order.id)));
    return voucher ? (await voucherDocument(services, voucher, order)).document : undefined;
  }
  if (!order.paidAt) return undefined;
  if (file === DOCUMENT_FILES.invoice) return invoiceDocument(services, order);
  if (file === DOCUMENT_FILES.creditNote) return creditNoteDocument(services, order);
  if (file === DOCUMENT_FILES.booking && order.kind === 'hotel') {
    const [hotel] = await db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.id));
    if (!hotel?.reservation) return undefined;
    return bookingConfirmation(services, order, hotelOrderRecord(hotel));
  }
  return undefined;
}
