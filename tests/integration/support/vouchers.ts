import { inTransaction } from '@/server/db/transaction';
import { issueVoucher, type VoucherRecord } from '@/server/vouchers/issue';
import type { Shop } from './shop';

/** A voucher as if bought: `total` minor units of CZK on the Czech site, valid `months`. */
export async function giveVoucher(shop: Shop, total: number, months = 12): Promise<VoucherRecord> {
  const { db } = await shop.ctx.services.db();
  return inTransaction(db, (tx) =>
    issueVoucher(shop.ctx.services, tx, {
      source: 'bonus',
      sourceOrderId: crypto.randomUUID(),
      total,
      currency: 'CZK',
      site: 'cz',
      validityMonths: months,
      purchasedAsGift: false,
    }),
  );
}
