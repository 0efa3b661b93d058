import type { PaymentView } from './rpc/views';

const FAILED = new Set(['CANCELLED', 'REJECTED', 'REVOKED']);

/**
 * What an unpaid order asks of the visitor now, decided from its current payments (replaced
 * attempts are not among them). A failed part comes first: nothing happens until it is paid
 * again, so the page must not read as if it were still processing. Then a part to pay at a
 * gateway, then a transfer to send; only when none of those is left does the page wait.
 */
export type PaymentNextStep =
  | { kind: 'failed'; failed: PaymentView[]; paid: PaymentView[] }
  | { kind: 'pay'; payment: PaymentView; paid: PaymentView[] }
  | { kind: 'transfer'; transfers: PaymentView[]; paid: PaymentView[] }
  | { kind: 'confirming'; paid: PaymentView[] };

export function paymentNextStep(payments: readonly PaymentView[]): PaymentNextStep {
  const paid = payments.filter((p) => p.status === 'PAID');
  // A voucher part is never paid again: its code was checked when the order was made.
  const failed = payments.filter((p) => FAILED.has(p.status) && p.method.kind !== 'voucher');
  if (failed.length > 0) return { kind: 'failed', failed, paid };
  const waiting = payments.filter((p) => p.status === 'WAITING');
  const atGateway = waiting.find((p) => p.gatewayUrl);
  if (atGateway) return { kind: 'pay', payment: atGateway, paid };
  const transfers = waiting.filter((p) => p.transfer);
  if (transfers.length > 0) return { kind: 'transfer', transfers, paid };
  return { kind: 'confirming', paid };
}

/** Whether the page should keep re-reading itself: only while something can change on its own. */
export function changesByItself(step: PaymentNextStep): boolean {
  return step.kind !== 'failed';
}
