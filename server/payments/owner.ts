import type { Locale } from '@/lib/variants';
import type { Tx } from '../db/transaction';
import type { PaymentRecord } from './records';

/**
 * Something that is paid for (a voucher purchase, a hotel order). The payments platform knows
 * nothing else about it: it calls these hooks, and the order modules subscribe by implementing
 * them (services.ts wires them by owner type).
 */
export interface PaymentOwner {
  /**
   * Called inside the transaction of every status change of one of the owner's payments, with all
   * its current payments as they are after the change; the owner moves its own status here and
   * enqueues its follow-up jobs in the same transaction.
   */
  onPaymentsChanged(tx: Tx, ownerId: string, payments: PaymentRecord[]): Promise<void>;
  /** The page a visitor returning from a gateway lands on: its localized path (lib/i18n/pathnames). */
  returnPath(ownerId: string, locale: Locale): string;
}

/**
 * Value taken from vouchers inside an order's payments. The vouchers module implements it with
 * its ledger; every method runs in the caller's transaction and is safe to repeat.
 */
export interface VoucherWallet {
  /** Takes `amount` off the voucher into a hold for the payment; fails with voucher_balance_changed. */
  hold(tx: Tx, input: { voucherId: string; paymentId: string; amount: number; currency: string }): Promise<void>;
  /** The order went through: the hold becomes spending. */
  capture(tx: Tx, paymentId: string): Promise<void>;
  /** The order did not go through: the held value goes back onto the voucher. */
  release(tx: Tx, paymentId: string): Promise<void>;
  /** Gives back `amount` of a captured spending (a refund to the voucher). */
  refund(tx: Tx, paymentId: string, amount: number): Promise<void>;
}
