import 'server-only';
import type { Services } from '../services';
import { applyGatewayState } from './gateway-state';
import { closeOpenPayment } from './gateways/close-open';
import type { GatewayType } from './gateways/gateway';
import type { PaymentRecord } from './records';

/**
 * Closes at its gateway a payment its owner gave up while the gateway may still take money for it
 * (a hotel order cancelled by the customer with a card page still open). A payment still open
 * there is cancelled, as the expiry sweep does; money the gateway took all the same is recorded and
 * sent back (applyGatewayState queues `payments.refund-late`, which tells the customer). When the
 * gateway cannot be asked now, the reconcile sweep keeps asking while the gateway could take money,
 * so nothing paid is ever left without an owner. Safe to repeat.
 */
export async function closeGivenUpAtGateway(
  services: Pick<Services, 'clock' | 'db' | 'gateways' | 'jobs' | 'owners' | 'report' | 'wallet'>,
  payment: PaymentRecord,
): Promise<void> {
  if (!payment.gateway || !payment.gatewayPaymentId || payment.status === 'WAITING' || payment.status === 'PAID') return;
  if (payment.refundedAmount === payment.amount) return;
  const state = await closeOpenPayment(services.gateways[payment.gateway as GatewayType], payment.gatewayPaymentId);
  if (state.status === 'paid') await applyGatewayState(services, payment.id, state, 'owner');
}
