import 'server-only';
import { and, inArray, lt, sql } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { payments as paymentsTable } from '../db/schema/payments';
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
 * An order never gives up on money that may still arrive: while one of its payments can still be
 * paid at its gateway (within the payment's own time), the order waits for it, whatever its
 * deadline says (a stay starting today is paid by card within those minutes, not cancelled under
 * the visitor's hands). Safe to run twice: a cancelled order no longer matches.
 */
export async function expireUnpaidOrders(services: Pick<Services, 'clock' | 'config' | 'db' | 'jobs' | 'owners' | 'wallet'>): Promise<number> {
  const { db } = await services.db();
  const due = await db
    .select({ id: orders.id, kind: orders.kind })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['WAITING', 'PARTIALLY_PAID']),
        lt(orders.payBy, services.clock.now()),
        sql`NOT EXISTS (SELECT 1 FROM ${paymentsTable} p WHERE p.owner_id = ${orders.id} AND p.status = 'WAITING' AND p.gateway IS NOT NULL AND p.expires_at > ${services.clock.now()})`,
      ),
    )
    .limit(50);
  let cancelled = 0;
  for (const { id, kind } of due) {
    const done = await inTransaction(db, async (tx) => {
      // Payments first, then the order: the same lock order as every payment change.
      const payments = await ownerPayments(tx, OWNER_TYPE[kind], id, true);
      const order = await lockOrder(tx, id);
      const now = services.clock.now();
      if (!order || order.payBy >= now) return false;
      if (payments.some((p) => p.status === 'WAITING' && p.gateway && p.expiresAt > now)) return false;
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
