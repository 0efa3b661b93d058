import type { GatewayType } from '@/contracts/gateways';
import type { CustomerAction, ReturnTarget } from './actions';
import { type AttemptResult, deliverWithRetries } from './benefit/delivery';
import { benefitCustomerAction } from './benefit/lifecycle';
import { csobCustomerAction } from './csob/lifecycle';
import { loadPayment, returnTarget } from './payments';
import type { Sim } from './sim';
import type { Payment } from './store';

export type CustomerOutcome =
  | { kind: 'not_found' }
  | { kind: 'closed'; payment: Payment }
  | { kind: 'done'; payment: Payment; target: ReturnTarget; notification?: AttemptResult };

/**
 * What the customer's button on the payment page does (and the JSON action, for tests): the
 * status change, for the benefit gateways the first notification attempt (retries follow in the
 * background), then the signed way back to the shop.
 */
export async function actAsCustomer(sim: Sim, type: GatewayType, id: string, action: CustomerAction): Promise<CustomerOutcome> {
  const payment = await loadPayment(sim, type, id);
  if (!payment) return { kind: 'not_found' };
  if (type === 'csob') {
    const changed = await csobCustomerAction(sim, payment, action);
    if (!changed) return { kind: 'closed', payment: (await loadPayment(sim, type, id)) ?? payment };
    return { kind: 'done', payment: changed, target: returnTarget(sim, type, changed) };
  }
  const changed = await benefitCustomerAction(sim, payment, action);
  if (!changed) return { kind: 'closed', payment: (await loadPayment(sim, type, id)) ?? payment };
  const notification = await deliverWithRetries(sim, type, changed.eventId);
  return { kind: 'done', payment: changed.payment, target: returnTarget(sim, type, changed.payment), notification };
}
