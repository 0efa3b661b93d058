/** A payment method as the payment step offers it (server page → client component). */
export interface MethodOption {
  id: string;
  kind: 'transfer' | 'card' | 'benefit' | 'voucher' | 'other';
  code: string;
  /** The service fee in basis points (690 = 6.9 %). */
  feeBasisPoints: number;
}

/** The methods an answer lists, each with the fee the same answer gives for it. */
export function methodOptions(methods: { id: string; kind: MethodOption['kind']; code: string }[], fees: Record<string, number>): MethodOption[] {
  return methods.flatMap((method) => (method.id in fees ? [{ id: method.id, kind: method.kind, code: method.code, feeBasisPoints: fees[method.id]! }] : []));
}

/** Where a payment step starts: the first method without a fee (a fee is never chosen on the buyer's behalf). */
export function startingMethodId(methods: MethodOption[]): string {
  return (methods.find((m) => m.feeBasisPoints === 0) ?? methods[0])?.id ?? '';
}
