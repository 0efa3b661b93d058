import 'server-only';
import { and, eq } from 'drizzle-orm';
import { SITE_CONFIG } from '@/lib/site-config';
import type { VariantKey } from '@/lib/variants';
import { voucherOrders } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/vouchers';
import { current, type PaymentRecord } from '../../payments/records';
import { type TransferInstructions, transferInstructions } from '../../payments/transfer/bank-details';
import { ownerPayments } from '../../payments/transitions';
import type { Services } from '../../services';
import { type VoucherView, withSpendings } from '../../vouchers/detail';
import type { OrderRecord } from '../status';

export interface VoucherOrderView {
  order: OrderRecord;
  details: typeof voucherOrders.$inferSelect;
  payments: { record: PaymentRecord; transfer?: TransferInstructions }[];
  vouchers: VoucherView[];
}

/** Everything the status page shows of a voucher purchase. */
export async function voucherOrderView(services: Services, order: OrderRecord): Promise<VoucherOrderView> {
  const { db } = await services.db();
  const [details] = await db.select().from(voucherOrders).where(eq(voucherOrders.orderId, order.id));
  if (!details) throw new Error(`voucher order ${order.id} has no details`);
  const records = current(await ownerPayments(db, 'voucher_order', order.id));
  const payments = await Promise.all(records.map(async (record) => ({ record, transfer: await transferOf(services, order, record) })));
  const issued = await db.select().from(vouchers).where(and(eq(vouchers.source, 'purchase'), eq(vouchers.sourceOrderId, order.id)));
  return { order, details, payments, vouchers: await Promise.all(issued.map((voucher) => withSpendings(services, voucher))) };
}

export async function transferOf(services: Services, order: OrderRecord, record: PaymentRecord): Promise<TransferInstructions | undefined> {
  if (record.methodId !== 'transfer' || !record.variableSymbol) return undefined;
  return transferInstructions({
    accounts: services.config.payments.bankAccounts,
    nipPl: services.config.payments.recipientNipPl,
    recipient: SITE_CONFIG[order.site as VariantKey].operator.companyName,
    currency: record.currency as 'CZK' | 'PLN',
    amount: record.amount,
    variableSymbol: record.variableSymbol,
    orderNumber: order.number,
    dueAt: record.expiresAt,
  });
}
