import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { bankTransfers, jobCursors, payments } from '../db/schema/payments';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { returnLateTransfer } from './late-transfer';
import type { PaymentRecord } from './records';
import { GIVEN_UP } from './status';
import { movePayment, lockPayment } from './transitions';

const CURSOR = 'bank-statement';

/**
 * Reads new lines of the bank statement and pays the transfer payments they match (variable
 * symbol, exact amount and currency, payment still waiting); the exact amount for a payment its
 * order gave up is sent back (returnLateTransfer). Every line is recorded, matched or not, with
 * the statement cursor in the same transaction, so a crash re-reads at most the lines whose effect
 * was not stored and a line never pays twice (its bank id is the key).
 */
export async function importBankTransfers(
  services: Pick<Services, 'bank' | 'clock' | 'config' | 'db' | 'jobs' | 'owners' | 'report' | 'wallet'>,
): Promise<number> {
  const { db } = await services.db();
  const [stored] = await db.select().from(jobCursors).where(eq(jobCursors.name, CURSOR));
  const { transfers, cursor } = await services.bank.readAfter(stored?.value);
  let paid = 0;
  for (const transfer of transfers) {
    const outcome = await inTransaction(db, async (tx) => {
      const [candidate] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.variableSymbol, transfer.variableSymbol), isNull(payments.replacedBy)));
      const payment = candidate && (await lockPayment(tx, candidate.id));
      const result = outcomeOf(payment, transfer);
      const inserted = await tx
        .insert(bankTransfers)
        .values({
          bankId: transfer.id,
          variableSymbol: transfer.variableSymbol,
          amount: transfer.amount,
          currency: transfer.currency,
          payerAccount: transfer.payerAccount,
          message: transfer.message,
          paymentId: payment?.id ?? null,
          outcome: result,
          receivedAt: transfer.receivedAt,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0 || !payment) return inserted.length === 0 ? 'seen' : result;
      if (result === 'returned') await returnLateTransfer(services, tx, payment, transfer);
      if (result !== 'paid') return result;
      await tx.update(payments).set({ payerAccount: transfer.payerAccount }).where(eq(payments.id, payment.id));
      await movePayment(services, tx, { ...payment, payerAccount: transfer.payerAccount }, 'PAID', 'bank', { bankId: transfer.id });
      return 'paid';
    });
    if (outcome === 'paid') paid += 1;
    // A returned transfer is recorded with its instruction, but a person still has to send it back.
    if (outcome === 'not_waiting' || outcome === 'wrong_amount' || outcome === 'unknown_symbol' || outcome === 'returned') {
      services.report(new Error(`an incoming transfer needs support: ${outcome}`), { bankId: transfer.id, variableSymbol: transfer.variableSymbol, message: transfer.message });
    }
  }
  if (cursor !== undefined && cursor !== stored?.value) {
    await db
      .insert(jobCursors)
      .values({ name: CURSOR, value: cursor, updatedAt: services.clock.now() })
      .onConflictDoUpdate({ target: jobCursors.name, set: { value: cursor, updatedAt: services.clock.now() } });
  }
  return paid;
}

type Outcome = 'paid' | 'returned' | 'wrong_amount' | 'unknown_symbol' | 'not_waiting';

/**
 * What a statement line does to the payment its variable symbol names (locked): pays it, or, with
 * the exact money for a payment its order gave up (cancelled or expired before the money came),
 * goes back to the sender; anything else is kept for support.
 */
function outcomeOf(payment: PaymentRecord | undefined, transfer: { amount: number; currency: string }): Outcome {
  if (!payment) return 'unknown_symbol';
  const exact = payment.amount === transfer.amount && payment.currency === transfer.currency;
  if (payment.status === 'WAITING') return exact ? 'paid' : 'wrong_amount';
  return exact && GIVEN_UP.includes(payment.status) && payment.refundedAmount !== payment.amount ? 'returned' : 'not_waiting';
}
