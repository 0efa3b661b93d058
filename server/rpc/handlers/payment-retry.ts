import 'server-only';
import type { HandlerContext } from '@connectrpc/connect';
import { eq, sql } from 'drizzle-orm';
import type { PaymentRetryRequest } from '@/gen/dzb/v1/payment_pb';
import { isUuid } from '@/lib/route-params';
import { orders } from '../../db/schema/orders';
import { inTransaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { transferOf } from '../../orders/voucher/view';
import { replacePayment } from '../../payments/create';
import { METHODS } from '../../payments/methods';
import { startGatewayPayment } from '../../payments/start';
import { lockPayment } from '../../payments/transitions';
import type { Services } from '../../services';
import { spend } from '../../security/rate-limit';
import { callerOf, callSiteOf } from '../call-context';
import { payment } from '../mapping/payments';

const OWNER_TYPE = { voucher: 'voucher_order', hotel: 'hotel_order' } as const;

/**
 * Pays a failed part of an order again: a new attempt with the same method and amount replaces
 * the failed one (once: a second retry of the same payment is refused), and a gateway attempt is
 * started right away. Only while the order still waits for its money.
 */
export function paymentRetryHandler(services: Services) {
  return async (request: PaymentRetryRequest, context: HandlerContext) => {
    const site = callSiteOf(context.values);
    const orderId = request.orderId?.id ?? '';
    const paymentId = request.paymentId?.id ?? '';
    if (!isUuid(orderId) || !isUuid(paymentId)) throw new DomainError('order_not_found');
    // Each retry starts a payment at a gateway.
    await spend(services, 'paymentRetries', callerOf(context).address);
    const { db } = await services.db();
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.site !== site.variant) throw new DomainError('order_not_found');
    if (order.status !== 'WAITING' && order.status !== 'PARTIALLY_PAID') throw new DomainError('order_not_payable');
    const replacement = await inTransaction(db, async (tx) => {
      const failed = await lockPayment(tx, paymentId);
      if (!failed || failed.ownerId !== orderId || failed.ownerType !== OWNER_TYPE[order.kind]) throw new DomainError('order_not_found');
      const created = await replacePayment(services, tx, failed);
      if (!created) throw new DomainError('order_not_payable');
      // A new gateway attempt moves the order's deadline with it: the order waits for its money.
      if (created.gateway) await tx.update(orders).set({ payBy: sql`greatest(${orders.payBy}, ${created.expiresAt})` }).where(eq(orders.id, orderId));
      return created;
    });
    const started = replacement.gateway ? await startGatewayPayment(services, replacement) : undefined;
    const record = started && 'redirectUrl' in started ? { ...replacement, redirectUrl: started.redirectUrl } : replacement;
    return { payment: payment(record, new Map(Object.entries(METHODS)), await transferOf(services, order, record)) };
  };
}
