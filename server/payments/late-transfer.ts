import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { paymentEvents, payments } from '../db/schema/payments';
import type { Tx } from '../db/transaction';
import type { Services } from '../services';
import { sendLatePaymentReturned } from './late-payment-mail';
import type { PaymentRecord } from './records';

/**
 * A bank transfer that arrived, with its exact amount, for a payment its order had already given
 * up (the order was cancelled by the customer or expired before the money came). Like a gateway
 * payment taken late (refundLatePayment), it goes back whole: the payment records the refund and
 * the instruction to send the money back to the sender's account (as the refund of a paid transfer
 * does), and the customer is told. The payment's status stays. Runs in the statement import's
 * transaction, with the payment locked; once per payment (a second transfer is left to support).
 */
export async function returnLateTransfer(
  services: Pick<Services, 'clock' | 'config' | 'jobs'>,
  tx: Tx,
  payment: PaymentRecord,
  transfer: { id: string; payerAccount: string },
): Promise<void> {
  const [updated] = await tx
    .update(payments)
    .set({ refundedAmount: payment.amount, payerAccount: transfer.payerAccount, updatedAt: services.clock.now() })
    .where(and(eq(payments.id, payment.id), ne(payments.refundedAmount, payments.amount)))
    .returning();
  if (!updated) return;
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    fromStatus: payment.status,
    toStatus: payment.status,
    source: 'bank',
    detail: {
      reason: 'paid_after_giving_up',
      bankId: transfer.id,
      instruction: 'send_back',
      account: transfer.payerAccount,
      amount: payment.amount,
      currency: payment.currency,
    },
    createdAt: services.clock.now(),
  });
  await sendLatePaymentReturned(services, tx, updated);
}
