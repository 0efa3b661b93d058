import { randomInt } from 'node:crypto';
import { formatDttm } from '@/contracts/dttm';
import { RETURN_FIELDS } from '@/contracts/csob';
import { signFields } from '@/contracts/signing';
import type { CustomerAction, ReturnTarget } from '../actions';
import type { Sim } from '../sim';
import { changeStatus, findPayment, type Payment } from '../store';

/**
 * ČSOB settles captured payments (7 → 8) in a nightly batch. The simulator settles a payment
 * this many seconds (of the site's clock) after capture, applied whenever the payment is read
 * (status query, pages, JSON view); POST /sandbox/api/gateways/csob/payments/{id}/settle does it
 * at once.
 */
export const CSOB_SETTLE_AFTER_SECONDS = 60;

/** States in which the customer is still on (or on the way to) the card page. */
export const OPEN = ['1', '2'] as const;

const OUTCOME: Record<CustomerAction, (payment: Payment) => string> = {
  pay: (payment) => (payment.closePayment ? '7' : '4'),
  decline: () => '6',
  expire: () => '6',
  cancel: () => '3',
};

async function reread(sim: Sim, id: string): Promise<Payment> {
  const payment = await findPayment(await sim.db(), 'csob', id);
  if (!payment) throw new Error(`payment ${id} vanished`);
  return payment;
}

/** Applies what time has done: expiry after ttlSec (1/2 → 6), settlement (7 → 8). */
export async function refreshCsob(sim: Sim, payment: Payment): Promise<Payment> {
  const now = sim.now();
  const db = await sim.db();
  if ((OPEN as readonly string[]).includes(payment.status) && now >= payment.expiresAt) {
    return (await changeStatus(db, payment.id, { from: OPEN, to: '6', at: now })) ?? reread(sim, payment.id);
  }
  if (payment.status === '7' && payment.paidAt && now.getTime() - payment.paidAt.getTime() >= CSOB_SETTLE_AFTER_SECONDS * 1000) {
    return (await changeStatus(db, payment.id, { from: ['7'], to: '8', at: now })) ?? reread(sim, payment.id);
  }
  return payment;
}

/** The customer's choice on the card page; undefined when the payment is no longer open. */
export async function csobCustomerAction(sim: Sim, payment: Payment, action: CustomerAction): Promise<Payment | undefined> {
  const now = sim.now();
  const to = OUTCOME[action](payment);
  const paid = to === '4' || to === '7';
  return changeStatus(await sim.db(), payment.id, {
    from: OPEN,
    to,
    at: now,
    set: paid ? { paidAt: now, authCode: String(randomInt(1_000_000)).padStart(6, '0') } : undefined,
  });
}

/** The signed fields the browser carries back to returnUrl (eAPI §1.5). */
export function csobReturnTarget(sim: Sim, payment: Payment): ReturnTarget {
  const message: Record<string, string> = {
    payId: payment.id,
    dttm: formatDttm(sim.now()),
    resultCode: '0',
    resultMessage: 'OK',
    paymentStatus: payment.status,
    ...(payment.authCode ? { authCode: payment.authCode } : {}),
    ...(payment.merchantData ? { merchantData: payment.merchantData } : {}),
  };
  const fields = { ...message, signature: signFields(RETURN_FIELDS, message, sim.keys('csob').gatewayKey) };
  if (payment.returnMethod === 'POST') return { url: payment.returnUrl, method: 'POST', fields };
  const url = new URL(payment.returnUrl);
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return { url: url.toString(), method: 'GET', fields };
}
