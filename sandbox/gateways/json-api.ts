import { GATEWAY_TYPES, type GatewayType } from '@/contracts/gateways';
import type { BenefitGatewayType } from '@/contracts/gateways';
import { isCustomerAction } from './actions';
import { attemptDelivery } from './benefit/delivery';
import { actAsCustomer } from './customer';
import { json, methodNotAllowed, segments } from './http';
import { loadPayment } from './payments';
import { gatewayStatusOf } from './pages/brand';
import type { Sim } from './sim';
import { changeStatus, eventsOf, latestEvent, loseNextRefundAnswer } from './store';

export function isGatewayType(value: unknown): value is GatewayType {
  return (GATEWAY_TYPES as readonly unknown[]).includes(value);
}

async function debugView(sim: Sim, type: GatewayType, id: string): Promise<Response> {
  const payment = await loadPayment(sim, type, id);
  if (!payment) return json(404, { error: 'not_found' });
  const events = await eventsOf(await sim.db(), payment.id);
  return json(200, { payment: { ...payment, gatewayStatus: gatewayStatusOf(type, payment) }, events });
}

async function customer(sim: Sim, type: GatewayType, id: string, action: Parameters<typeof actAsCustomer>[3]): Promise<Response> {
  const outcome = await actAsCustomer(sim, type, id, action);
  if (outcome.kind === 'not_found') return json(404, { error: 'not_found' });
  if (outcome.kind === 'closed') return json(409, { error: 'invalid_state', gatewayPaymentId: id, status: outcome.payment.status });
  return json(200, {
    gatewayPaymentId: outcome.payment.id,
    status: outcome.payment.status,
    returnUrl: outcome.target.url,
    returnMethod: outcome.target.method,
    returnFields: outcome.target.fields,
    ...(outcome.notification ? { notification: outcome.notification } : {}),
  });
}

/** ČSOB's nightly settlement, now: captured (7) becomes settled (8). */
async function settle(sim: Sim, id: string): Promise<Response> {
  const payment = await loadPayment(sim, 'csob', id);
  if (!payment) return json(404, { error: 'not_found' });
  const settled = await changeStatus(await sim.db(), id, { from: ['7'], to: '8', at: sim.now() });
  if (!settled) return json(409, { error: 'invalid_state', gatewayPaymentId: id, status: payment.status });
  return json(200, { gatewayPaymentId: id, status: settled.status });
}

/**
 * ČSOB makes the payment's next refund but its answer never reaches the merchant (a 504 from the
 * gateway's front): the merchant cannot tell from the answer whether the money went back.
 */
async function loseRefundAnswer(sim: Sim, id: string): Promise<Response> {
  if (!(await loseNextRefundAnswer(await sim.db(), id))) return json(404, { error: 'not_found' });
  return json(200, { gatewayPaymentId: id, loseRefundAnswer: true });
}

/** Delivers the payment's latest event once more, with the same eventId (a duplicate delivery). */
async function redeliver(sim: Sim, type: BenefitGatewayType, id: string): Promise<Response> {
  const payment = await loadPayment(sim, type, id);
  if (!payment) return json(404, { error: 'not_found' });
  const event = await latestEvent(await sim.db(), payment.id);
  if (!event) return json(409, { error: 'no_event', gatewayPaymentId: id });
  return json(200, await attemptDelivery(sim, type, event.eventId));
}

/** /sandbox/api/gateways/{type}/payments/{id}[/{action}] */
export async function jsonApi(sim: Sim, request: Request, path: string): Promise<Response | undefined> {
  const parts = segments(path);
  if (!parts) return json(400, { error: 'invalid_url' });
  const [type, collection, id, action, ...extra] = parts;
  if (!isGatewayType(type) || collection !== 'payments' || id === undefined || extra.length > 0) return undefined;
  if (action === undefined) return request.method === 'GET' ? debugView(sim, type, id) : methodNotAllowed('GET');
  if (request.method !== 'POST') return methodNotAllowed('POST');
  if (isCustomerAction(action)) return customer(sim, type, id, action);
  if (action === 'settle' && type === 'csob') return settle(sim, id);
  if (action === 'lose-refund-answer' && type === 'csob') return loseRefundAnswer(sim, id);
  if (action === 'notify' && type !== 'csob') return redeliver(sim, type, id);
  return undefined;
}
