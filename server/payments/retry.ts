import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { readOrderOfSite } from '../orders/read';
import type { OrderRecord } from '../orders/status';
import type { Site } from '../site';
import { replacePayment } from './create';
import type { PaymentRecord } from './records';
import { startGatewayPayment, type GatewayStarts } from './start';
import { lockPayment } from './transitions';

const OWNER_TYPE = { voucher: 'voucher_order', hotel: 'hotel_order' } as const;

/**
 * Pays a failed part of an order again: a new attempt with the same method and amount replaces
 * the failed one (once: a second retry of the same payment is refused), and a gateway attempt is
 * started right away. Only while the order still waits for its money, and only on its own site.
 * A new gateway attempt moves the order's deadline with it, so the order waits for that money.
 */
export async function replaceFailedPayment(
  services: GatewayStarts,
  site: Site,
  orderId: string,
  paymentId: string,
): Promise<{ order: OrderRecord; payment: PaymentRecord }> {
  const { order } = await readOrderOfSite(services, site, orderId);
  const { db } = await services.db();
  if (order.status !== 'WAITING' && order.status !== 'PARTIALLY_PAID') throw new DomainError('order_not_payable');
  const replacement = await inTransaction(db, async (tx) => {
    const failed = await lockPayment(tx, paymentId);
    if (!failed || failed.ownerId !== orderId || failed.ownerType !== OWNER_TYPE[order.kind]) throw new DomainError('order_not_found');
    const created = await replacePayment(services, tx, failed);
    if (!created) throw new DomainError('order_not_payable');
    if (created.gateway) await tx.update(orders).set({ payBy: sql`greatest(${orders.payBy}, ${created.expiresAt})` }).where(eq(orders.id, orderId));
    return created;
  });
  const started = replacement.gateway ? await startGatewayPayment(services, replacement) : undefined;
  return { order, payment: started && 'redirectUrl' in started ? { ...replacement, redirectUrl: started.redirectUrl } : replacement };
}
