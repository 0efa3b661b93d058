import 'server-only';
import { voucherOrders } from '../../db/schema/orders';
import { current } from '../../payments/records';
import { type PaymentView, paymentView } from '../../payments/view';
import type { Services } from '../../services';
import { type VoucherDetail, voucherAsOf } from '../../vouchers/state';
import { documentLinks, type OrderDocumentLink, refundedOf } from '../document-links';
import type { OrderRead } from '../read';
import type { OrderRecord } from '../status';

export interface VoucherOrderView {
  order: OrderRecord;
  details: typeof voucherOrders.$inferSelect;
  /** The payments that count (not those replaced by a new attempt). */
  payments: PaymentView[];
  /** The vouchers bought, as of now. */
  vouchers: VoucherDetail[];
  /** Its invoice and vouchers' PDFs once paid, and a credit note once money went back. */
  documents: OrderDocumentLink[];
}

/** Everything the status page shows of a voucher purchase, from the order as read (read.ts). */
export async function voucherOrderView(services: Pick<Services, 'clock' | 'config'>, read: OrderRead): Promise<VoucherOrderView> {
  const { order, voucherOrder: details } = read;
  if (!details) throw new Error(`voucher order ${order.id} has no details`);
  const now = services.clock.now();
  return {
    order,
    details,
    payments: await Promise.all(current(read.payments).map((record) => paymentView(services, order, record))),
    vouchers: read.vouchers.map((view) => voucherAsOf(view, now, services.config.vouchers.expiresSoonDays)),
    documents: documentLinks(services.config.publicUrl, order, { voucherIds: read.vouchers.map((v) => v.voucher.id), refunded: refundedOf(read.payments) }),
  };
}
