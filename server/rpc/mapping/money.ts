import { create } from '@bufbuild/protobuf';
import { type Money, MoneySchema } from '@/gen/dzb/v1/common_pb';
import { DomainError } from '../../errors';
import type { AmountInput } from '../../pricing/payment-calculation';

const NANOS_PER_MINOR = 10_000_000;

/**
 * Proto Money → integer minor units, at the API edge only. Fractions finer than a minor unit,
 * mixed signs and amounts beyond safe integers are refused, never rounded.
 */
export function amountOf(money: Money | undefined): AmountInput | undefined {
  if (!money) return undefined;
  const { units, nanos } = money;
  if (nanos % NANOS_PER_MINOR !== 0 || (units > 0n && nanos < 0) || (units < 0n && nanos > 0)) {
    throw new DomainError('invalid_payment_value');
  }
  const minor = units * 100n + BigInt(nanos / NANOS_PER_MINOR);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < 0n) throw new DomainError('invalid_payment_value');
  return { amount: Number(minor), currency: money.currencyCode };
}

export function money(minor: number, currency: string): Money {
  return create(MoneySchema, {
    currencyCode: currency,
    units: BigInt(Math.trunc(minor / 100)),
    nanos: (minor % 100) * NANOS_PER_MINOR,
  });
}
