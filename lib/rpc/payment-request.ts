import type { MessageInitShape } from '@bufbuild/protobuf';
import type { PaymentRequestSchema } from '@/gen/dzb/v1/payment_pb';
import { moneyParts } from '../money';

/** How the visitor wants to pay, as the payment step holds it. */
export interface PaymentChoice {
  voucherCodes: string[];
  /** A fixed amount with a first method (minor units, fee included), when the price is split. */
  first?: { methodId: string; amount: number };
  /** The method that pays the rest. */
  rest: string;
  /** A split the visitor started but has not completed yet: priced as `rest` alone, not placed. */
  missing?: 'amount' | 'second';
}

export function paymentRequest(choice: PaymentChoice, currency: string): MessageInitShape<typeof PaymentRequestSchema> {
  return {
    voucherCodes: choice.voucherCodes,
    payments: choice.first ? [{ methodId: { id: choice.first.methodId }, value: moneyParts(choice.first.amount, currency) }] : [],
    lastPayment: choice.rest ? { methodId: { id: choice.rest } } : undefined,
  };
}

