import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import type { GatewayType } from './gateways/gateway';
import { returnWholePayment } from './gateways/return-whole';
import { sendLatePaymentReturned } from './late-payment-mail';
import { GIVEN_UP } from './status';
import { pendingRefunds, refundable, reserveRefund, settleRefundDone } from './refund-records';
import { claimRefund, releaseRefund } from './refund-lease';
import { type RefundSends, sendGatewayRefunds } from './refund-send';
import { lockPayment, type PaymentMoves } from './transitions';

/**
 * Sends a late payment's money back unless the gateway says it is back already, under a claim.
 * A call that failed (refused, or with an unknown outcome) gives its claim up at once, so the
 * retry asks the gateway where the money stands without waiting for the lease to lapse.
 */
async function returnAtGateway(
  services: Pick<Services, 'clock' | 'db' | 'gateways'>,
  payment: { id: string; gateway: string | null; gatewayPaymentId: string | null; amount: number },
): Promise<void> {
  const claimed = await claimRefund(services, payment.id);
  if (!payment.gateway || !payment.gatewayPaymentId) return;
  const gateway = services.gateways[payment.gateway as GatewayType];
  try {
    const state = await gateway.status(payment.gatewayPaymentId);
    if (state.status === 'paid') await returnWholePayment(gateway, payment.gatewayPaymentId, payment.amount);
  } catch (error) {
    await releaseRefund(services, payment.id, claimed);
    throw error;
  }
}

/** The refunds of a payment without a gateway: value back onto its voucher, or a bank transfer to send back by hand. */
async function settleOffGateway(services: PaymentMoves & Pick<Services, 'db'>, paymentId: string): Promise<void> {
  const { db } = await services.db();
  for (const refund of await pendingRefunds(db, paymentId)) {
    await inTransaction(db, async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (!locked || locked.status !== 'PAID') return;
      if (locked.methodId === 'voucher') await services.wallet.refund(tx, locked.id, refund.amount);
      const instruction =
        locked.methodId === 'transfer' ? { instruction: 'send_back', account: locked.payerAccount, amount: refund.amount, currency: locked.currency } : {};
      await settleRefundDone(services, tx, refund.id, ['requested'], instruction);
    });
  }
}

/**
 * Returns a paid payment's money to where it came from (job `payments.refund`): a gateway payment
 * through the gateway, a voucher payment back onto its voucher, a bank transfer as an instruction
 * for the operator to send it back to the sender's account. With `remainder` (the automatic
 * refunds of an order that gave its money up) whatever is not yet asked for is asked for first;
 * then every refund asked for is sent, each once (refund-records.ts, refund-send.ts). Safe to
 * repeat, to run twice at once and to be killed halfway.
 */
export async function refundPayment(services: RefundSends, paymentId: string, reason: string, remainder = true): Promise<void> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'PAID') return;
  if (remainder && refundable(payment) > 0) {
    await inTransaction(db, async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (locked && refundable(locked) > 0) await reserveRefund(services, tx, { paymentId, amount: refundable(locked), reason });
    });
  }
  if (payment.gateway && payment.gatewayPaymentId) await sendGatewayRefunds(services, payment);
  else await settleOffGateway(services, paymentId);
}

/**
 * A gateway took money for a payment we had already given up (paid after it expired or was
 * cancelled): the money goes straight back (claimed first, as above), the event says so and the
 * customer is told; the payment's status stays.
 */
export async function refundLatePayment(services: Pick<Services, 'clock' | 'config' | 'db' | 'gateways' | 'jobs'>, paymentId: string): Promise<void> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  // Only money for a payment given up here: a paid one belongs to its order (and is refunded with it).
  if (!payment?.gateway || !payment.gatewayPaymentId || !GIVEN_UP.includes(payment.status) || payment.refundedAmount === payment.amount) return;
  await returnAtGateway(services, payment);
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
      await sendLatePaymentReturned(services, tx, updated);
    }
  });
}
