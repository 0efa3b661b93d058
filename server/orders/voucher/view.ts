import 'server-only';
import { SITE_CONFIG } from '@/lib/site-config';
import type { VariantKey } from '@/lib/variants';
import { voucherOrders } from '../../db/schema/orders';
import { current, type PaymentRecord } from '../../payments/records';
import { type TransferInstructions, transferInstructions } from '../../payments/transfer/bank-details';
import type { Services } from '../../services';
import type { VoucherView } from '../../vouchers/detail';
import type { OrderRead } from '../read';
import type { OrderRecord } from '../status';

export interface VoucherOrderView {
  order: OrderRecord;
  details: typeof voucherOrders.$inferSelect;
  payments: { record: PaymentRecord; transfer?: TransferInstructions }[];
  vouchers: VoucherView[];
}

/** Everything the status page shows of a voucher purchase, from the order as read (read.ts). */
export async function voucherOrderView(services: Pick<Services, 'config'>, read: OrderRead): Promise<VoucherOrderView> {
  const { order, voucherOrder: details } = read;
  if (!details) throw new Error(`voucher order ${order.id} has no details`);
  const payments = await Promise.all(current(read.payments).map(async (record) => ({ record, transfer: await transferOf(services, order, record) })));
  return { order, details, payments, vouchers: read.vouchers };
}

export async function transferOf(
  services: Pick<Services, 'config'>,
  order: OrderRecord,
  record: PaymentRecord,
): Promise<TransferInstructions | undefined> {
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
