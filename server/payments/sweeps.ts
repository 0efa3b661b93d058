import 'server-only';
import { and, eq, gt, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import { payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { applyGatewayState } from './gateway-state';
import { closeOpenPayment } from './gateways/close-open';
import type { GatewayType } from './gateways/gateway';
import { lockPayment, movePayment } from './transitions';

const BATCH = 100;
/** A gateway payment younger than this is left to the visitor's own return. */
const RECONCILE_AFTER_MS = 60_000;

/** After this past its start, a gateway can no longer take money for a payment (its TTL is at most 30 minutes). */
const GATEWAY_OPEN_MS = 2 * 3_600_000;

/**
 * Asks the gateway about every payment that may still move there: each one still waiting a minute
 * after it started, so a lost notification or a closed browser tab can never strand paid money;
 * and each one we gave up (cancelled or rejected here) while the gateway could still take money
 * for it, so money paid late, without a return through the browser (ČSOB sends no
 * notifications), is found and sent back (applyGatewayState queues the refund and the e-mail).
 * Safe to run twice: applying the same state again changes nothing.
 */
export async function reconcileWaitingPayments(
  services: Pick<Services, 'clock' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>,
): Promise<number> {
  const { db } = await services.db();
  const now = services.clock.now();
  const started = (ms: number) => new Date(now.getTime() - ms);
  const waiting = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'WAITING'), isNotNull(payments.gatewayPaymentId), lt(payments.createdAt, started(RECONCILE_AFTER_MS))))
    .limit(BATCH);
  const givenUp = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['CANCELLED', 'REJECTED']),
        isNotNull(payments.gatewayPaymentId),
        gt(payments.createdAt, started(GATEWAY_OPEN_MS)),
        ne(payments.refundedAmount, payments.amount),
      ),
    )
    .limit(BATCH);
  let changed = 0;
  for (const payment of [...waiting, ...givenUp]) {
    try {
      const state = await services.gateways[payment.gateway as GatewayType].status(payment.gatewayPaymentId!);
      // A payment given up here only matters if the gateway took its money after all.
      if (payment.status !== 'WAITING' && state.status !== 'paid') continue;
      if ((await applyGatewayState(services, payment.id, state, 'reconcile')).kind === 'changed') changed += 1;
    } catch (error) {
      services.report(error, { operation: 'payment.reconcile', paymentId: payment.id });
    }
  }
  return changed;
}

/**
 * Ends payments whose time ran out: a gateway payment is asked once more (it may have been paid
 * in the last second); one the gateway still holds open is cancelled there too where the gateway
 * allows it, and otherwise ends REJECTED here (the reconcile sweep keeps asking while the gateway
 * could take money). A transfer past its due days, or a gateway payment that never started, ends
 * CANCELLED. Voucher holds end with their owner, not here.
 */
export async function expireWaitingPayments(
  services: Pick<Services, 'clock' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>,
): Promise<number> {
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
        const state = await closeOpenPayment(services.gateways[payment.gateway as GatewayType], payment.gatewayPaymentId);
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
