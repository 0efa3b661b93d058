import 'server-only';
import { isUuid } from '@/lib/route-params';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { paymentRefunds, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import { settleRefundDone, settleRefundNotDone } from '../payments/refund-records';
import { lockPayment } from '../payments/transitions';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';

export class SettleRefused extends Error {
  override readonly name = 'SettleRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'no_outcome' | 'not_open') {
    super(reason);
  }
}

/** A refund as the console shows it, in whatever state. */
async function refundById(services: Services, refundId: string) {
  if (!isUuid(refundId)) return undefined;
  const { db } = await services.db();
  const [row] = await db
    .select({ refund: paymentRefunds, methodId: payments.methodId, gatewayPaymentId: payments.gatewayPaymentId, currency: payments.currency, orderNumber: orders.number })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(orders, eq(orders.id, payments.ownerId))
    .where(eq(paymentRefunds.id, refundId));
  return row && { ...row.refund, methodId: row.methodId, gatewayPaymentId: row.gatewayPaymentId, currency: row.currency, orderNumber: row.orderNumber };
}

/** A refund whose outcome is unknown, for a person to settle. */
export async function unknownRefund(services: Services, refundId: string) {
  const refund = await refundById(services, refundId);
  return refund?.state === 'unknown' ? refund : undefined;
}

export type UnknownRefund = NonNullable<Awaited<ReturnType<typeof unknownRefund>>>;

/**
 * Finance settles a refund the gateway's answers could not: having looked the payment up at the
 * gateway, they say whether the money went back. Back: recorded as returned (the payment
 * REFUNDED once nothing is left). Not back: the refund ends and its amount may be asked for
 * again. In one transaction with the payment locked and the refund still unknown, with the audit
 * entry; then the payment's refunds waiting behind it go on. The same form sent twice acts once.
 */
export async function settleRefund(
  services: Services,
  operator: Operator,
  input: { refundId: string; outcome: string; reason: string; nonce: string },
): Promise<UnknownRefund> {
  if (operator.role !== 'finance') throw new SettleRefused('forbidden');
  const why = operatorReason(input.reason);
  if (input.outcome !== 'back' && input.outcome !== 'not_back') throw new SettleRefused('no_outcome');
  if (!why) throw new SettleRefused('no_reason');
  if (!isUuid(input.nonce)) throw new SettleRefused('not_open');
  const refund = await refundById(services, input.refundId);
  if (!refund) throw new SettleRefused('not_open');
  const { db } = await services.db();
  await inTransaction(db, async (tx) => {
    await lockPayment(tx, refund.paymentId);
    if (await nonceUsed(tx, 'refund-settled', input.nonce)) return;
    const settled =
      input.outcome === 'back'
        ? await settleRefundDone(services, tx, refund.id, ['unknown'], { settledBy: 'operator' })
        : await settleRefundNotDone(services, tx, refund.id, ['unknown'], `not returned, as ${operator.email} found at the gateway`);
    if (!settled) throw new SettleRefused('not_open');
    await services.jobs.send('payments.refund', { paymentId: refund.paymentId, reason: 'operator', remainder: false }, { tx, singletonKey: `refund:${input.nonce}` });
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'refund-settled',
      subject: `payment:${refund.paymentId}`,
      reason: why,
      before: { refund: refund.id, state: 'unknown', amount: refund.amount, gatewayBefore: refund.gatewayBefore, detail: refund.detail },
      after: { nonce: input.nonce, outcome: input.outcome },
    });
  });
  return refund;
}
