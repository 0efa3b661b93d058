import { DomainError } from '../errors';
import type { AmountInput, Calculation } from './payment-calculation';

/**
 * An order is placed only on the terms the visitor saw: every voucher code they sent still pays,
 * and the methods are charged what they were shown (when the client says what that was). Between
 * the preview and the order a voucher may have been spent by another order, deactivated or turn
 * out to belong to another site; charging the difference to the card would take more than the
 * visitor agreed to, so the order stops and the form prices the choice again.
 */
export function holdToAgreement(calculation: Calculation, agreed: AmountInput | undefined, currency: string): void {
  const refused = calculation.vouchers.invalid.map((v) => v.code);
  if (refused.length > 0) throw new DomainError('voucher_balance_changed', `codes no longer usable: ${refused.join(', ')}`);
  if (agreed === undefined) return;
  const charged = calculation.payments.reduce((sum, p) => sum + p.value, 0);
  if (agreed.currency !== currency || agreed.amount !== charged) {
    throw new DomainError('voucher_balance_changed', `agreed ${agreed.amount} ${agreed.currency}, the methods would be charged ${charged} ${currency}`);
  }
}
