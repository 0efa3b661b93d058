import 'server-only';
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import { AskLater } from '../outside/outcome';
import type { Services } from '../services';
import { GatewayResultError } from './gateways/errors';
import { type Gateway, GatewayError, type GatewayStatus, type GatewayType } from './gateways/gateway';
import { returnWholePayment } from './gateways/return-whole';
import type { PaymentRecord } from './records';
import { moveRefund, pendingRefunds, type RefundRecord, settleRefundDone, settleRefundNotDone } from './refund-records';
import { claimRefund, releaseRefund } from './refund-lease';
import { lockPayment, type PaymentMoves } from './transitions';

/** A card payment not settled yet cannot be refunded in part: asked again this much later. */
const SETTLEMENT_WAIT_MS = 60 * 60_000;

/**
 * What an unanswered refund did, from where the gateway had the payment before it was sent and
 * where it has it now. Only "paid → paid" (nothing happened) and "paid → refunded or revoked"
 * (it went back) can be told apart: once part of a payment went back, ČSOB says refunded (10)
 * before and after every further part, so such a refund stays unknown for a person to settle.
 */
export function outcomeOfSent(before: string | null, now: GatewayStatus): 'done' | 'not_sent' | 'unknown' {
  if (before !== 'paid') return 'unknown';
  if (now === 'paid') return 'not_sent';
  return now === 'refunded' || now === 'revoked' ? 'done' : 'unknown';
}

/** What sending a payment's refunds to its gateway uses. */
export type RefundSends = PaymentMoves & Pick<Services, 'db' | 'gateways'>;

async function recordDone(services: PaymentMoves & Pick<Services, 'db'>, refund: RefundRecord, from: RefundRecord['state'][]): Promise<void> {
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    await lockPayment(tx, refund.paymentId);
    await settleRefundDone(services, tx, refund.id, from);
  });
}

async function currentPayment(services: Pick<Services, 'db'>, paymentId: string): Promise<PaymentRecord> {
  const { db } = await services.db();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error(`payment ${paymentId} vanished`);
  return payment;
}

/**
 * One refund sent earlier whose call ended without a usable answer (or whose run died): the
 * gateway is asked where the payment stands now, and the refund becomes done, unknown, or
 * requested again (nothing happened, so it may be sent).
 */
async function resolveSent(services: RefundSends, gateway: Gateway, gatewayPaymentId: string, refund: RefundRecord): Promise<void> {
  const now = await gateway.status(gatewayPaymentId);
  const outcome = outcomeOfSent(refund.gatewayBefore, now.status);
  const { db } = await services.db();
  if (outcome === 'done') await recordDone(services, refund, ['sending']);
  else if (outcome === 'not_sent') await moveRefund(services, db, refund.id, ['sending'], 'requested');
  else {
    const detail = `the gateway said ${refund.gatewayBefore ?? 'nothing'} before the unanswered refund and says ${now.status} now`;
    await moveRefund(services, db, refund.id, ['sending'], 'unknown', { detail });
  }
}

/**
 * Sends one requested refund: the gateway is asked first (a whole payment it shows returned
 * already, by an earlier run or by hand at the gateway, is recorded, not sent again), the
 * refund is marked sending with that answer, then the gateway is called. A refusal puts it back
 * to requested; an answer that never came leaves it sending, for the next run to resolve.
 */
async function sendOne(services: RefundSends, gateway: Gateway, refund: RefundRecord): Promise<void> {
  const payment = await currentPayment(services, refund.paymentId);
  const gatewayPaymentId = payment.gatewayPaymentId!;
  const whole = refund.amount === payment.amount;
  const before = await gateway.status(gatewayPaymentId);
  const { db } = await services.db();
  if (before.status !== 'paid') {
    if (whole) return recordDone(services, refund, ['requested']);
    if (before.status !== 'refunded') {
      await inTransaction(db, (tx) => settleRefundNotDone(services, tx, refund.id, ['requested'], `the gateway says the payment is ${before.status}`));
      return;
    }
  }
  if (!(await moveRefund(services, db, refund.id, ['requested'], 'sending', { gatewayBefore: before.status }))) return;
  try {
    if (whole) await returnWholePayment(gateway, gatewayPaymentId, refund.amount);
    else await gateway.refund(gatewayPaymentId, refund.amount);
  } catch (error) {
    const answered = error instanceof GatewayResultError || (error instanceof GatewayError && error.retryable);
    if (!answered) throw error;
    // The gateway said no, or a question before the refund failed: nothing went back.
    await moveRefund(services, db, refund.id, ['sending'], 'requested', { detail: error.message });
    if (!whole && error instanceof GatewayResultError && error.code === 'invalid_state' && !error.retryable) {
      throw new AskLater(`payment ${payment.id}: a part is refunded once the gateway has settled the payment`, SETTLEMENT_WAIT_MS);
    }
    throw error;
  }
  await recordDone(services, refund, ['sending']);
}

/**
 * Sends a gateway payment's pending refunds one at a time, oldest first, under the payment's
 * refund claim, so no two calls about one payment are ever in flight: a refund sent earlier
 * without an answer is resolved before anything else is sent, and one whose outcome a person must
 * settle stops the line: nothing more of that payment is sent until they have.
 */
export async function sendGatewayRefunds(services: RefundSends, payment: PaymentRecord): Promise<void> {
  const { db } = await services.db();
  if ((await pendingRefunds(db, payment.id)).length === 0) return;
  const gateway = services.gateways[payment.gateway as GatewayType];
  let claimed: Date;
  try {
    claimed = await claimRefund(services, payment.id);
  } catch (error) {
    // The gateway's own notification may have settled everything meanwhile.
    if ((await pendingRefunds(db, payment.id)).length === 0) return;
    throw error;
  }
  try {
    for (;;) {
      const pending = await pendingRefunds(db, payment.id);
      if (pending.some((refund) => refund.state === 'unknown')) return;
      const sent = pending.find((refund) => refund.state === 'sending');
      if (sent) {
        await resolveSent(services, gateway, payment.gatewayPaymentId!, sent);
        continue;
      }
      const next = pending.find((refund) => refund.state === 'requested');
      if (!next) return;
      await sendOne(services, gateway, next);
    }
  } finally {
    await releaseRefund(services, payment.id, claimed);
  }
}
