import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Language } from '@/lib/variants';
import { payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import { OutcomeUnknown } from '../outside/outcome';
import type { Services } from '../services';
import type { GatewayType } from './gateways/gateway';
import type { PaymentRecord } from './records';
import { lockPayment, movePayment } from './transitions';

/** What is being paid for; the ČSOB adapter also names its cart item by the order number. */
const DESCRIPTION = { cs: 'Objednavka', pl: 'Zamowienie', en: 'Order' } as const;

export type StartResult = { redirectUrl: string } | { failed: true };

/** What starting a payment at its gateway takes; a refused start moves the payment (PaymentMoves). */
export type GatewayStarts = Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'owners' | 'report' | 'wallet'>;

/**
 * Starts a waiting gateway payment at its gateway and stores the gateway's id and page. Safe to
 * call twice: a payment already started answers its stored page, and a claim (an empty redirect
 * URL) keeps two concurrent calls from starting it twice.
 *
 * If the gateway refuses or gives no answer, the attempt ends REJECTED, so the visitor is offered
 * "pay again" at once (a new attempt, PaymentRetry) instead of a payment without a page. That is
 * safe even when the outcome is unknown: a payment the gateway may have made is reachable only
 * through the page address in the lost answer, so nobody can pay it, and it lapses at its TTL.
 */
export async function startGatewayPayment(services: GatewayStarts, payment: PaymentRecord): Promise<StartResult> {
  if (!payment.gateway || payment.status !== 'WAITING') return { failed: true };
  if (payment.gatewayPaymentId && payment.redirectUrl) return { redirectUrl: payment.redirectUrl };
  const { db } = await services.db();
  const [claimed] = await db
    .update(payments)
    .set({ redirectUrl: '' })
    .where(and(eq(payments.id, payment.id), isNull(payments.gatewayPaymentId), isNull(payments.redirectUrl)))
    .returning();
  if (!claimed) return { failed: true };
  const gateway = services.gateways[payment.gateway as GatewayType];
  const base = services.config.publicUrl[payment.site as keyof typeof services.config.publicUrl];
  try {
    const created = await gateway.create({
      paymentId: payment.id,
      orderNumber: payment.orderNumber,
      amount: payment.amount,
      currency: payment.currency as 'CZK' | 'PLN',
      description: `${DESCRIPTION[payment.language as keyof typeof DESCRIPTION] ?? 'Order'} ${payment.orderNumber}`,
      language: payment.language as Language,
      returnUrl: `${base}/api/payments/${payment.gateway}/return`,
      notifyUrl: `${base}/api/payments/${payment.gateway}/notify`,
      ttlSeconds: services.config.payments.gatewayPaymentTtlSeconds,
    });
    await db
      .update(payments)
      .set({ gatewayPaymentId: created.gatewayPaymentId, redirectUrl: created.redirectUrl, updatedAt: services.clock.now() })
      .where(eq(payments.id, payment.id));
    return { redirectUrl: created.redirectUrl };
  } catch (error) {
    await inTransaction(db, async (tx) => {
      const locked = await lockPayment(tx, payment.id);
      if (!locked || locked.status !== 'WAITING' || locked.gatewayPaymentId) return;
      await tx.update(payments).set({ redirectUrl: null }).where(eq(payments.id, payment.id));
      await movePayment(services, tx, { ...locked, redirectUrl: null }, 'REJECTED', 'create', {
        reason: error instanceof OutcomeUnknown ? 'not started: the gateway gave no answer' : 'not started: the gateway refused',
        error: String(error).slice(0, 300),
      });
    });
    services.report(error, { operation: 'payment.start', paymentId: payment.id, gateway: payment.gateway });
    return { failed: true };
  }
}

/** Starts every waiting gateway payment of a new order; the others are answered as they are. */
export async function startGatewayPayments(services: GatewayStarts, created: PaymentRecord[]): Promise<PaymentRecord[]> {
  const started: PaymentRecord[] = [];
  for (const payment of created) {
    if (payment.gateway && payment.status === 'WAITING') {
      const result = await startGatewayPayment(services, payment);
      started.push('redirectUrl' in result ? { ...payment, redirectUrl: result.redirectUrl } : payment);
    } else {
      started.push(payment);
    }
  }
  return started;
}
