import type { PaymentChoice } from '@/lib/rpc/payment-request';
import type { MethodOption } from './method-options';

/**
 * The payment step as the visitor fills it in: one method, or the price split into a fixed
 * amount with a first method and the rest with a second one. The amount is kept as typed.
 */
export interface SplitState {
  splitting: boolean;
  first: string;
  second: string;
  amountText: string;
}

/** The state a choice (e.g. the form's starting one) is shown as. */
export function splitStateOf(choice: PaymentChoice): SplitState {
  return choice.first
    ? { splitting: true, first: choice.first.methodId, second: choice.rest, amountText: String(choice.first.amount / 100) }
    : { splitting: false, first: choice.rest, second: '', amountText: '' };
}

/**
 * Ticking "split" keeps the visitor's method as the first one (typically a benefit card paying
 * its balance) and offers, for the rest, the first other method without a fee, or nothing when
 * every other method costs one: a fee is never chosen on the visitor's behalf.
 */
export function startSplit(state: SplitState, methods: readonly MethodOption[]): SplitState {
  const free = methods.find((m) => m.id !== state.first && m.feeBasisPoints === 0);
  return { ...state, splitting: true, second: free?.id ?? '', amountText: '' };
}

/** A new first method; the second moves off it when they would be the same. */
export function chooseFirst(state: SplitState, first: string, methods: readonly MethodOption[]): SplitState {
  if (!state.splitting || state.second !== first) return { ...state, first };
  return { ...startSplit({ ...state, first }, methods), amountText: state.amountText };
}

/**
 * The choice the server prices and the order is placed with. Until the split is complete (an
 * amount and a second method) the first method alone is priced, so nothing is validated that
 * the visitor has not typed yet; `missing` says what placing the order still needs.
 */
export function choiceOf(state: SplitState, voucherCodes: string[], parse: (text: string) => number | undefined): PaymentChoice {
  if (!state.splitting) return { voucherCodes, rest: state.first };
  const amount = parse(state.amountText);
  if (amount === undefined || amount === 0) return { voucherCodes, rest: state.first, missing: 'amount' };
  if (!state.second) return { voucherCodes, rest: state.first, missing: 'second' };
  return { voucherCodes, first: { methodId: state.first, amount }, rest: state.second };
}
