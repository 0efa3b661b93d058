import { percentOf } from '@/lib/money';
import type { Currency } from '@/lib/variants';
import { DomainError } from '../errors';
import { feeOf, isMethodId, type MethodDefinition, type MethodId } from '../payments/methods';
import { activePromotions, type Promotion } from './promotions';

/** An amount as the visitor entered it; the currency is checked against the order's. */
export interface AmountInput {
  amount: number;
  currency: string;
}

/** How the visitor wants to split the price (proto PaymentRequest in domain terms). */
export interface PaymentRequest {
  voucherCodes: readonly string[];
  /** Fixed payments, in order: `value` is what the visitor pays with the method, fee included. */
  payments: readonly { methodId: string; value: AmountInput | undefined }[];
  /** The method that pays whatever remains. */
  lastPayment: { methodId: string } | undefined;
  /** What the visitor was shown as charged to the methods, when placing an order (agreed-charge.ts). */
  agreedCharge?: AmountInput;
}

export type InvalidReason = 'NOT_FOUND' | 'INACTIVE' | 'EXPIRED' | 'OTHER';

/** What the voucher lookup found for one code (the voucher module answers these). */
export type VoucherFinding =
  | { kind: 'credit'; voucherId: string; code: string; available: number; validTo: Date }
  | {
      kind: 'unit';
      voucherId: string;
      code: string;
      bonusBasisPoints: number;
      /** The coupon waives the fee of the payment methods. */
      removeFee: boolean;
      /** Methods the coupon may be combined with; empty = any. */
      methods: readonly MethodId[];
    }
  | { kind: 'invalid'; code: string; reason: InvalidReason };

export interface CalculationInput {
  /** The price of what is bought, before fees (minor units). */
  orderValue: number;
  currency: Currency;
  request: PaymentRequest;
  /** The methods offered for this order (site, kind of order, immediate stay). */
  methods: readonly MethodDefinition[];
  configuredFees: Record<'payment_card' | 'transfer', number>;
  /** One finding per distinct code of the request. */
  vouchers: readonly VoucherFinding[];
  promotions: readonly Promotion[];
  now: Date;
}

export interface PaymentShare {
  methodId: MethodId;
  /** The part of the order value this payment covers. */
  covers: number;
  /** The service fee on top of it. */
  fee: number;
  /** What the visitor pays with the method: covers + fee. */
  value: number;
  bonus: number;
  bonusBasisPoints: number;
}

export interface CreditUse {
  voucherId: string;
  code: string;
  available: number;
  willBeUsed: number;
}

export interface Calculation {
  vouchers: {
    invalid: { code: string; reason: InvalidReason }[];
    credit: CreditUse[];
    unit: Extract<VoucherFinding, { kind: 'unit' }>[];
  };
  payments: PaymentShare[];
  price: { base: number; serviceFee: number; bonus: number; total: number };
}

const MAX_METHODS = 2;

/**
 * Splits an order's price between vouchers and at most two payment methods. Credit vouchers pay
 * first (earliest expiry, then smallest balance), then the fixed payments in order, then the last
 * payment takes the rest; each method's fee applies to the share it covers. Pure: no I/O, no
 * clock but the one handed in, integer minor units throughout.
 */
export function calculatePayment(input: CalculationInput): Calculation {
  const { request } = input;
  const methodInputs = [...request.payments.map((p) => p.methodId), ...(request.lastPayment ? [request.lastPayment.methodId] : [])];
  if (methodInputs.length > MAX_METHODS) throw new DomainError('too_many_payment_methods');
  if (methodInputs.some((id) => id === '')) throw new DomainError('missing_payment_method_id');
  if (new Set(methodInputs).size !== methodInputs.length) throw new DomainError('invalid_request', 'a method is used twice');
  const offered = new Map(input.methods.map((m) => [m.id as string, m]));
  const method = (id: string): MethodDefinition => {
    const found = offered.get(id);
    if (!found) throw new DomainError(isMethodId(id) ? 'payment_method_not_allowed' : 'payment_method_not_found');
    return found;
  };

  const invalid = input.vouchers.flatMap((v) => (v.kind === 'invalid' ? [{ code: v.code, reason: v.reason }] : []));
  const units = input.vouchers.flatMap((v) => (v.kind === 'unit' ? [v] : []));
  let remaining = input.orderValue;
  const credit: CreditUse[] = [];
  const credits = input.vouchers
    .flatMap((v) => (v.kind === 'credit' ? [v] : []))
    .sort((a, b) => a.validTo.getTime() - b.validTo.getTime() || a.available - b.available);
  for (const voucher of credits) {
    const willBeUsed = Math.min(voucher.available, remaining);
    remaining -= willBeUsed;
    credit.push({ voucherId: voucher.voucherId, code: voucher.code, available: voucher.available, willBeUsed });
  }

  const promotions = activePromotions(input.promotions, input.now);
  const payments: PaymentShare[] = [];
  for (const fixed of request.payments) {
    const definition = method(fixed.methodId);
    const value = checkedAmount(fixed.value, input.currency);
    const fee = feeFor(definition, input, units);
    if (remaining === 0 || value > remaining + percentOf(remaining, fee)) throw new DomainError('invalid_payment_value');
    const covers = coverable(value, fee);
    remaining -= covers;
    payments.push(share(definition.id, covers, fee, promotions, units));
  }
  if (remaining > 0) {
    if (!request.lastPayment) throw new DomainError('missing_payment_method_id');
    const definition = method(request.lastPayment.methodId);
    payments.push(share(definition.id, remaining, feeFor(definition, input, units), promotions, units));
    remaining = 0;
  } else if (request.lastPayment) {
    method(request.lastPayment.methodId);
  }

  const serviceFee = sum(payments.map((p) => p.fee));
  return {
    vouchers: { invalid, credit, unit: units },
    payments,
    price: {
      base: input.orderValue,
      serviceFee,
      bonus: sum(payments.map((p) => p.bonus)),
      total: input.orderValue + serviceFee,
    },
  };
}

function checkedAmount(value: AmountInput | undefined, currency: Currency): number {
  if (!value || !Number.isSafeInteger(value.amount) || value.amount <= 0) throw new DomainError('invalid_payment_value');
  if (!value.currency) throw new DomainError('missing_currency');
  if (value.currency !== currency) throw new DomainError('currency_mismatch');
  return value.amount;
}

/** The method's fee, unless a coupon that may be combined with it waives fees. */
function feeFor(definition: MethodDefinition, input: CalculationInput, units: Extract<VoucherFinding, { kind: 'unit' }>[]): number {
  const waived = units.some((u) => u.removeFee && (u.methods.length === 0 || u.methods.includes(definition.id)));
  return waived ? 0 : feeOf(definition, input.configuredFees);
}

/**
 * The largest share of the order value that `value` pays with fee basis points `fee` on top:
 * max s with s + fee(s) ≤ value. The visitor is then charged s + fee(s), which rounding can make
 * one minor unit less than they typed, never more.
 */
export function coverable(value: number, fee: number): number {
  let covers = Math.floor((value * 10_000) / (10_000 + fee));
  while (covers + 1 + percentOf(covers + 1, fee) <= value) covers += 1;
  while (covers > 0 && covers + percentOf(covers, fee) > value) covers -= 1;
  return covers;
}

function share(
  methodId: MethodId,
  covers: number,
  feeBasisPoints: number,
  promotions: Promotion[],
  units: Extract<VoucherFinding, { kind: 'unit' }>[],
): PaymentShare {
  const fee = percentOf(covers, feeBasisPoints);
  const value = covers + fee;
  let bonus = 0;
  let bonusBasisPoints = 0;
  for (const promotion of promotions.filter((p) => p.method === methodId)) {
    bonus += Math.min(percentOf(Math.min(value, promotion.baseCap), promotion.bonusBasisPoints), promotion.maxBonus);
    bonusBasisPoints += promotion.bonusBasisPoints;
  }
  for (const unit of units.filter((u) => u.bonusBasisPoints > 0 && (u.methods.length === 0 || u.methods.includes(methodId)))) {
    bonus += percentOf(value, unit.bonusBasisPoints);
    bonusBasisPoints += unit.bonusBasisPoints;
  }
  return { methodId, covers, fee, value, bonus, bonusBasisPoints };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
