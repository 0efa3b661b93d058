import 'server-only';
import { and, eq, isNotNull, lt, ne } from 'drizzle-orm';
import { payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { applyGatewayState } from './gateway-state';
import type { GatewayType } from './gateways/gateway';
import { lockPayment, movePayment } from './transitions';

const BATCH = 100;
/** A gateway payment younger than this is left to the visitor's own return. */
const RECONCILE_AFTER_MS = 60_000;

/**
 * Asks the gateway about every payment still waiting a minute after it started, so a lost
 * notification or a closed browser tab can never strand paid money. Safe to run twice: applying
 * the same state again changes nothing.
 */
export async function reconcileWaitingPayments(services: Services): Promise<number> {
  const { db } = await services.db();
  const now = services.clock.now();
  const waiting = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'WAITING'), isNotNull(payments.gatewayPaymentId), lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS))))
    .limit(BATCH);
  let changed = 0;
  for (const payment of waiting) {
    try {
      const state = await services.gateways[payment.gateway as GatewayType].status(payment.gatewayPaymentId!);
      if ((await applyGatewayState(services, payment.id, state, 'reconcile')).kind === 'changed') changed += 1;
    } catch (error) {
      services.report(error, { operation: 'payment.reconcile', paymentId: payment.id });
    }
  }
  return changed;
}

/**
 * Ends payments whose time ran out: a gateway payment is asked once more (it may have been paid
 * in the last second) and otherwise ends REJECTED; a transfer past its due days, or a gateway
 * payment that never started, ends CANCELLED. Voucher holds end with their owner, not here.
 */
export async function expireWaitingPayments(services: Services): Promise<number> {
  const { db } = await services.db();
  const now = services.clock.now();
  const due = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'WAITING'), lt(payments.expiresAt, now), ne(payments.methodId, 'voucher')))
    .limit(BATCH);
  let ended = 0;
  for (const payment of due) {
    try {
      if (payment.gateway && payment.gatewayPaymentId) {
        const state = await services.gateways[payment.gateway as GatewayType].status(payment.gatewayPaymentId);
        if (state.status !== 'waiting') {
          if ((await applyGatewayState(services, payment.id, state, 'expiry')).kind === 'changed') ended += 1;
          continue;
        }
      }
      const to = payment.gatewayPaymentId ? 'REJECTED' : 'CANCELLED';
      const moved = await inTransaction(db, async (tx) => {
        const locked = await lockPayment(tx, payment.id);
        return locked && locked.status === 'WAITING' ? movePayment(services, tx, locked, to, 'expiry', { reason: 'expired' }) : undefined;
      });
      if (moved) ended += 1;
    } catch (error) {
      services.report(error, { operation: 'payment.expire', paymentId: payment.id });
    }
  }
  return ended;
}
