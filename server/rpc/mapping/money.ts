import { create } from '@bufbuild/protobuf';
import { type Money, MoneySchema } from '@/gen/dzb/v1/common_pb';
import { minorOfParts, moneyParts } from '@/lib/money';
import { DomainError } from '../../errors';
import type { AmountInput } from '../../pricing/payment-calculation';

/**
 * Proto Money → integer minor units, at the API edge only. Fractions finer than a minor unit,
 * mixed signs, negative amounts and amounts beyond safe integers are refused, never rounded.
 */
export function amountOf(money: Money | undefined): AmountInput | undefined {
  if (!money) return undefined;
  const minor = minorOfParts(money);
  if (minor === undefined || minor < 0) throw new DomainError('invalid_payment_value');
  return { amount: minor, currency: money.currencyCode };
}

export function money(minor: number, currency: string): Money {
  return create(MoneySchema, moneyParts(minor, currency));
}
