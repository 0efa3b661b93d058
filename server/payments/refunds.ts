import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import type { GatewayType } from './gateways/gateway';
import { returnWholePayment } from './gateways/return-whole';
import { lockPayment, movePayment } from './transitions';

/**
 * Returns a paid payment's money to where it came from (job `payments.refund`): a gateway payment
 * through the gateway, a voucher payment back onto its voucher, a bank transfer as an instruction
 * for the operator to send it back to the sender's account. Safe to repeat and to be killed
 * halfway: the gateway is asked first whether the refund already happened, and the payment moves
 * PAID → REFUNDED once.
 */
export async function refundPayment(services: Services, paymentId: string, reason: string): Promise<void> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'PAID') return;
  if (payment.gateway && payment.gatewayPaymentId) {
    const gateway = services.gateways[payment.gateway as GatewayType];
    const state = await gateway.status(payment.gatewayPaymentId);
    if (state.status === 'paid') await returnWholePayment(gateway, payment.gatewayPaymentId, payment.amount);
  }
  await inTransaction(db, async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || locked.status !== 'PAID') return;
    if (locked.methodId === 'voucher') await services.wallet.refund(tx, locked.id, locked.amount);
    await tx.update(payments).set({ refundedAmount: locked.amount }).where(eq(payments.id, locked.id));
    const instruction =
      locked.methodId === 'transfer'
        ? { instruction: 'send_back', account: locked.payerAccount, amount: locked.amount, currency: locked.currency }
        : {};
    await movePayment(services, tx, locked, 'REFUNDED', 'refund', { reason, ...instruction });
  });
}

/**
 * A gateway took money for a payment we had already given up (paid after it expired or was
 * cancelled): the money goes straight back and the event says so; the payment's status stays.
 */
export async function refundLatePayment(services: Services, paymentId: string): Promise<void> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.gateway || !payment.gatewayPaymentId || payment.refundedAmount === payment.amount) return;
  const gateway = services.gateways[payment.gateway as GatewayType];
  const state = await gateway.status(payment.gatewayPaymentId);
  if (state.status === 'paid') await returnWholePayment(gateway, payment.gatewayPaymentId, payment.amount);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount: payment.amount })
      .where(sql`${payments.id} = ${paymentId} AND ${payments.refundedAmount} <> ${payments.amount}`)
      .returning();
    if (updated) {
      await tx.insert(paymentEvents).values({
        paymentId,
        fromStatus: payment.status,
        toStatus: payment.status,
        source: 'refund',
        detail: { reason: 'paid_after_giving_up', amount: payment.amount },
        createdAt: services.clock.now(),
      });
    }
  });
}
