import type { GatewayType } from '@/contracts/gateways';
import type { ReturnTarget } from './actions';
import { benefitReturnTarget, refreshBenefit } from './benefit/lifecycle';
import { csobReturnTarget, refreshCsob } from './csob/lifecycle';
import type { Sim } from './sim';
import { findPayment, type Payment } from './store';

/** A payment as it stands now: expiry and settlement applied on the way (see the lifecycles). */
export async function loadPayment(sim: Sim, type: GatewayType, id: string): Promise<Payment | undefined> {
  const payment = await findPayment(await sim.db(), type, id);
  if (!payment) return undefined;
  return type === 'csob' ? refreshCsob(sim, payment) : refreshBenefit(sim, type, payment);
}

/** Whether the customer can still act on the payment page. */
export function isOpen(type: GatewayType, payment: Payment): boolean {
  return type === 'csob' ? payment.status === '1' || payment.status === '2' : payment.status === 'CREATED';
}

export function returnTarget(sim: Sim, type: GatewayType, payment: Payment): ReturnTarget {
  return type === 'csob' ? csobReturnTarget(sim, payment) : benefitReturnTarget(sim, type, payment);
}
