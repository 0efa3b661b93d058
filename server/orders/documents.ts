import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/lib/route-params';
import { orders } from '../db/schema/orders';
import { vouchers } from '../db/schema/vouchers';
import { hotelOrders } from '../db/schema/hotel-orders';
import type { DocumentSpec } from '../notifications/pdf/rendered';
import type { Services } from '../services';
import { DOCUMENT_FILES } from './document-links';
import { bookingConfirmation } from './hotel/documents';
import { invoiceDocument } from './invoice';
import { voucherDocument } from './voucher/voucher-document';
import { hotelOrderRecord } from './hotel/record';

/**
 * A document of a paid order, as its data makes it now (rendered.ts renders it once per
 * version): the invoice, a booked stay's confirmation, each voucher the order issued. Unknown
 * ids, unpaid orders and foreign vouchers are simply not found.
 */
export async function orderDocument(services: Pick<Services, 'config' | 'db'>, orderId: string, file: string): Promise<DocumentSpec | undefined> {
  if (!isUuid(orderId)) return undefined;
  const { db } = await services.db();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return undefined;
  if (file === DOCUMENT_FILES.invoice) return invoiceDocument(services, order);
  if (file === DOCUMENT_FILES.booking && order.kind === 'hotel') {
    const [hotel] = await db.select().from(hotelOrders).where(eq(hotelOrders.orderId, order.id));
    if (!hotel?.reservation) return undefined;
    return bookingConfirmation(services, order, hotelOrderRecord(hotel));
  }
  const voucherId = /^voucher-([0-9a-f-]{36})\.pdf$/.exec(file)?.[1];
  if (!voucherId) return undefined;
  const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.id, voucherId), eq(vouchers.sourceOrderId, order.id)));
  if (!voucher) return undefined;
  return (await voucherDocument(services, voucher, order)).document;
}
