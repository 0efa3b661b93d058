import { GatewayResultError } from './errors';
import type { Gateway, GatewayPaymentState } from './gateway';

/**
 * Gives a whole payment back, whatever stage the gateway has it in: a card payment that is not
 * settled yet (ČSOB 4 or 7, e.g. a booking that failed minutes after the payment) cannot be
 * refunded, only reversed, so a non-retryable state refusal falls back to cancel(). Our refunds
 * are always whole, which is what makes the reversal equivalent.
 */
export async function returnWholePayment(gateway: Gateway, gatewayPaymentId: string, amount: number): Promise<GatewayPaymentState> {
  try {
    return await gateway.refund(gatewayPaymentId, amount);
  } catch (error) {
    if (error instanceof GatewayResultError && error.code === 'invalid_state' && !error.retryable) {
      return gateway.cancel(gatewayPaymentId);
    }
    throw error;
  }
}
