import type { PaymentChoice } from '@/lib/rpc/payment-request';
import type { CalculationView } from '@/lib/rpc/views';
import { codeDigits } from '@/lib/voucher-code';

/** The part of a price the recap and the order need: its total. */
interface Priced {
  total: { amount: number };
}

/**
 * What the visitor's methods will be charged: the total less what vouchers pay. The order
 * button names this amount and the order is placed with it as the agreed charge, so the visitor
 * is never charged more than the page said.
 */
export function amountToCharge(price: Priced, calculation: CalculationView | undefined): number {
  if (calculation && calculation.payments.length > 0) return calculation.payments.reduce((sum, p) => sum + p.value.amount, 0);
  const vouchers = calculation?.credit.reduce((sum, c) => sum + c.willBeUsed.amount, 0) ?? 0;
  return Math.max(0, price.total.amount - vouchers);
}

/**
 * The codes to place an order with: those the last pricing accepted. A code it refused pays
 * nothing and is not sent again; the server refuses an order whose codes no longer pay.
 */
export function usableCodes(codes: readonly string[], calculation: CalculationView | undefined): string[] {
  const accepted = new Set([...(calculation?.credit ?? []), ...(calculation?.unit ?? [])].map((c) => codeDigits(c.code)));
  return codes.filter((code) => accepted.has(codeDigits(code)));
}

/** The vouchers pay the whole price: no method is charged, so none is asked for or sent. */
export function coveredByVouchers(calculation: CalculationView | undefined): boolean {
  return calculation !== undefined && calculation.payments.length === 0 && calculation.credit.some((c) => c.willBeUsed.amount > 0);
}

/**
 * The choice an order is placed with: the codes the last pricing accepted and, unless the
 * vouchers cover everything, the methods chosen (then none: the server places the order
 * without a payment method and the vouchers pay it at once).
 */
export function placedChoice(choice: PaymentChoice, calculation: CalculationView | undefined): PaymentChoice {
  const voucherCodes = usableCodes(choice.voucherCodes, calculation);
  return coveredByVouchers(calculation) ? { voucherCodes, rest: '' } : { ...choice, voucherCodes };
}
