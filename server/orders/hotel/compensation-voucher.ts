import 'server-only';
import type { Tx } from '../../db/transaction';
import type { Services } from '../../services';
import { issueVoucher } from '../../vouchers/issue';
import type { OrderRecord } from '../status';

/** A compensation voucher is valid as long as a bought one. */
const COMPENSATION_MONTHS = 12;

/** The compensation voucher of a cancellation, once per order (issueVoucher's source key); none when nothing is left. */
export async function compensate(services: Pick<Services, 'clock'>, tx: Tx, order: OrderRecord, value: number): Promise<void> {
  if (value <= 0) return;
  await issueVoucher(services, tx, {
    source: 'compensation',
    sourceOrderId: order.id,
    total: value,
    currency: order.currency,
    site: order.site,
    validityMonths: COMPENSATION_MONTHS,
    purchasedAsGift: false,
  });
}
