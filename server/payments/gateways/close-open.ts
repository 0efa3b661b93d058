import type { Gateway, GatewayPaymentState } from './gateway';

/**
 * Where the gateway stands on a payment we no longer wait for, after closing it there if it is
 * still open: a cancel the gateway refuses (not every gateway can close an open page) leaves the
 * state as asked, so the caller keeps watching a payment that could still be paid.
 */
export async function closeOpenPayment(gateway: Gateway, gatewayPaymentId: string): Promise<GatewayPaymentState> {
  const state = await gateway.status(gatewayPaymentId);
  if (state.status !== 'waiting') return state;
  return gateway.cancel(gatewayPaymentId).catch(() => state);
}
