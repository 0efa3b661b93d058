import 'server-only';
import { and, inArray, lt } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { inTransaction } from '../db/transaction';
import { cancelWaitingPayments, ownerPayments } from '../payments/transitions';
import type { Services } from '../services';
import { lockOrder, moveOrder } from './status';
import { sendOrderCancelledUnpaid } from './voucher/emails';

const OWNER_TYPE = { voucher: 'voucher_order', hotel: 'hotel_order' } as const;

/**
 * Job `orders.expire` (every minute): an order not fully paid by its deadline is cancelled
 * automatically. Its waiting payments end (voucher value goes back onto the vouchers), whatever
 * was already paid is refunded by jobs enqueued in the same transaction, and the customer is told.
 * Safe to run twice: a cancelled order no longer matches.
 */
export async function expireUnpaidOrders(services: Services): Promise<number> {
  const { db } = await services.db();
  const due = await db
    .select({ id: orders.id, kind: orders.kind })
    .from(orders)
    .where(and(inArray(orders.status, ['WAITING', 'PARTIALLY_PAID']), lt(orders.payBy, services.clock.now())))
    .limit(50);
  let cancelled = 0;
  for (const { id, kind } of due) {
    const done = await inTransaction(db, async (tx) => {
      // Payments first, then the order: the same lock order as every payment change.
      const payments = await ownerPayments(tx, OWNER_TYPE[kind], id, true);
      const order = await lockOrder(tx, id);
      if (!order || order.payBy >= services.clock.now()) return false;
      const moved = await moveOrder(services, tx, order, 'CANCELLED_AUTOMATICALLY', 'not paid in time');
      if (!moved) return false;
      await cancelWaitingPayments(services, tx, OWNER_TYPE[kind], id);
      for (const paid of payments.filter((p) => p.status === 'PAID' && p.replacedBy === null)) {
        await services.jobs.send('payments.refund', { paymentId: paid.id, reason: 'order_expired' }, { tx, singletonKey: paid.id });
      }
      await sendOrderCancelledUnpaid(services, tx, moved);
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}
