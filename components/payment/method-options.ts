/** A payment method as the payment step offers it (server page → client component). */
export interface MethodOption {
  id: string;
  kind: 'transfer' | 'card' | 'benefit' | 'voucher' | 'other';
  code: string;
  /** The service fee in basis points (690 = 6.9 %). */
  feeBasisPoints: number;
}
