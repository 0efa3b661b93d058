import 'server-only';
import { isUuid } from '@/lib/route-params';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { bankTransfers, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import { lockPayment, movePayment } from '../payments/transitions';
import type { Services } from '../services';
import { audit, nonceUsed, operatorReason } from './audit';
import type { Operator } from './roles';

export class MatchRefused extends Error {
  override readonly name = 'MatchRefused';
  constructor(readonly reason: 'forbidden' | 'no_reason' | 'not_open' | 'no_payment') {
    super(reason);
  }
}

/** Statement lines that paid nothing: what finance may match by hand. */
export const UNMATCHED = ['wrong_amount', 'unknown_symbol', 'not_waiting'] as const;

export async function unmatchedTransfer(services: Services, bankId: string) {
  const { db } = await services.db();
  const [transfer] = await db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.bankId, bankId), inArray(bankTransfers.outcome, [...UNMATCHED])));
  return transfer;
}

/**
 * Finance matches money on the bank statement to an order whose bank-transfer payment waits for
 * exactly that amount (the payer wrote the order number instead of the variable symbol, say):
 * the statement line and the payment are locked, the line becomes this payment's, and the
 * payment is PAID by the bank as if the symbol had been right, so the order goes on by itself.
 * All in one transaction with the audit entry; a form sent twice (its nonce) matches once.
 */
export async function matchTransfer(services: Services, operator: Operator, input: { bankId: string; orderNumber: string; reason: string; nonce: string }): Promise<string> {
  if (operator.role !== 'finance') throw new MatchRefused('forbidden');
  const why = operatorReason(input.reason);
  if (!why) throw new MatchRefused('no_reason');
  if (!isUuid(input.nonce)) throw new MatchRefused('not_open');
  const { db } = await services.db();
  return inTransaction(db, async (tx) => {
    if (await nonceUsed(tx, 'transfer-matched', input.nonce)) return input.orderNumber.trim();
    const [candidate] = await tx
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.ownerId))
      .where(and(eq(orders.number, input.orderNumber.trim()), eq(payments.methodId, 'transfer'), eq(payments.status, 'WAITING'), isNull(payments.replacedBy)));
    const payment = candidate && (await lockPayment(tx, candidate.id));
    const locked = await tx.execute(sql`SELECT bank_id, amount, currency, payer_account, outcome FROM bank_transfers WHERE bank_id = ${input.bankId} FOR UPDATE`);
    const [line] = (locked as unknown as { rows: { bank_id: string; amount: number | string; currency: string; payer_account: string; outcome: string }[] }).rows;
    if (!line || !(UNMATCHED as readonly string[]).includes(line.outcome)) throw new MatchRefused('not_open');
    if (!payment || payment.status !== 'WAITING' || payment.amount !== Number(line.amount) || payment.currency !== line.currency) throw new MatchRefused('no_payment');
    await tx.update(bankTransfers).set({ paymentId: payment.id, outcome: 'paid' }).where(eq(bankTransfers.bankId, line.bank_id));
    await tx.update(payments).set({ payerAccount: line.payer_account }).where(eq(payments.id, payment.id));
    const moved = await movePayment(services, tx, { ...payment, payerAccount: line.payer_account }, 'PAID', 'bank', { bankId: line.bank_id, matchedBy: operator.email });
    if (!moved) throw new MatchRefused('no_payment');
    await audit(services, tx, {
      operatorId: operator.id,
      action: 'transfer-matched',
      subject: `payment:${payment.id}`,
      reason: why,
      before: { bankId: line.bank_id, outcome: line.outcome, amount: Number(line.amount), currency: line.currency },
      after: { paymentId: payment.id, nonce: input.nonce },
    });
    return input.orderNumber.trim();
  });
}
