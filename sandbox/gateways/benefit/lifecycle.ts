import { randomUUID } from 'node:crypto';
import type { BenefitGatewayType } from '@/contracts/gateways';
import { RETURN_FIELDS } from '@/contracts/benefit';
import { formatDttm } from '@/contracts/dttm';
import { signFields } from '@/contracts/signing';
import type { CustomerAction, ReturnTarget } from '../actions';
import type { Sim } from '../sim';
import { changeStatus, findPayment, insertEvent, type Payment, type StatusChange } from '../store';
import { deliverInBackground } from './delivery';

/** A paid payment can be cancelled (storno) this long after payment, as Pluxee allows for Flexi. */
export const STORNO_WINDOW_SECONDS = 2 * 3600;

const OUTCOME: Record<CustomerAction, string> = {
  pay: 'PAID',
  decline: 'REJECTED',
  expire: 'EXPIRED',
  cancel: 'CANCELLED',
};

export interface Changed {
  payment: Payment;
  eventId: string;
}

/**
 * A status change and the event that notifies it, in one transaction, so no change goes
 * unnotified and no notification announces a change that did not happen.
 */
export async function changeBenefitStatus(sim: Sim, id: string, change: StatusChange): Promise<Changed | undefined> {
  const db = await sim.db();
  return db.transaction(async (tx) => {
    const payment = await changeStatus(tx, id, change);
    if (!payment) return undefined;
    const eventId = randomUUID();
    await insertEvent(tx, { eventId, paymentId: id, status: change.to, createdAt: change.at });
    return { payment, eventId };
  });
}

/**
 * Applies expiry (CREATED → EXPIRED after ttlSec) when the payment is read. Its notification is
 * sent in the background: the reader may be the merchant's own status query.
 */
export async function refreshBenefit(sim: Sim, type: BenefitGatewayType, payment: Payment): Promise<Payment> {
  const now = sim.now();
  if (payment.status !== 'CREATED' || now < payment.expiresAt) return payment;
  const changed = await changeBenefitStatus(sim, payment.id, { from: ['CREATED'], to: 'EXPIRED', at: now });
  if (changed) {
    deliverInBackground(sim, type, changed.eventId);
    return changed.payment;
  }
  return (await findPayment(await sim.db(), type, payment.id)) ?? payment;
}

export function benefitCustomerAction(sim: Sim, payment: Payment, action: CustomerAction): Promise<Changed | undefined> {
  const now = sim.now();
  const to = OUTCOME[action];
  return changeBenefitStatus(sim, payment.id, { from: ['CREATED'], to, at: now, set: to === 'PAID' ? { paidAt: now } : undefined });
}

/** The browser's way back: `returnUrl?gatewayPaymentId=…&dttm=…&signature=…`. */
export function benefitReturnTarget(sim: Sim, type: BenefitGatewayType, payment: Payment): ReturnTarget {
  const message = { gatewayPaymentId: payment.id, dttm: formatDttm(sim.now()) };
  const fields = { ...message, signature: signFields(RETURN_FIELDS, message, sim.keys(type).gatewayKey) };
  const url = new URL(payment.returnUrl);
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return { url: url.toString(), method: 'GET', fields };
}
