import type { BenefitGatewayType } from '@/contracts/gateways';
import { NOTIFICATION } from '@/contracts/benefit';
import { formatDttm } from '@/contracts/dttm';
import { signFields } from '@/contracts/signing';
import type { Sim } from '../sim';
import { findEvent, findPayment, markDelivered, recordAttempt } from '../store';

/**
 * Waits after a failed attempt: 5 attempts over about a minute (0, 4, 12, 28 and 60 s), then
 * the simulator gives up, as a real gateway would after its own schedule. Retries live in this
 * process's timers: a restart drops them (the merchant's reconciliation covers that, as it must
 * for a real gateway too).
 */
export const RETRY_DELAYS_MS = [4_000, 8_000, 16_000, 32_000] as const;
const TIMEOUT_MS = 10_000;

export interface AttemptResult {
  eventId: string;
  httpStatus?: number;
  error?: string;
  delivered: boolean;
  /** How many attempts the event has had, this one included. */
  attempts: number;
}

/**
 * One delivery attempt of an event, recorded. Each attempt is signed afresh (a new dttm, so a
 * late retry is still fresh), with the event's own eventId, so the merchant can tell a repeat.
 */
export async function attemptDelivery(sim: Sim, type: BenefitGatewayType, eventId: string): Promise<AttemptResult> {
  const db = await sim.db();
  const event = await findEvent(db, eventId);
  const payment = event && (await findPayment(db, type, event.paymentId));
  if (!event || !payment?.notifyUrl) throw new Error(`event ${eventId} has no payment to notify`);
  const message = {
    eventId,
    gatewayPaymentId: payment.id,
    orderNumber: payment.orderNumber,
    amount: payment.amount,
    currency: payment.currency,
    status: event.status,
    dttm: formatDttm(sim.now()),
  };
  const body = JSON.stringify({ ...message, signature: signFields(NOTIFICATION, message, sim.keys(type).gatewayKey) });
  let result: Omit<AttemptResult, 'attempts'>;
  try {
    const response = await fetch(payment.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    result = { eventId, httpStatus: response.status, delivered: response.status >= 200 && response.status <= 299 };
  } catch (error) {
    result = { eventId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), delivered: false };
  }
  const at = sim.now();
  const attempts = await recordAttempt(db, { eventId, at, httpStatus: result.httpStatus, error: result.error });
  if (result.delivered) await markDelivered(db, eventId, at);
  return { ...result, attempts };
}

/**
 * Delivers an event now and, while the merchant does not answer 2xx, again after each delay.
 * The first attempt is awaited (the customer's browser is redirected after it, as at a real
 * gateway); the retries run in the background.
 */
export async function deliverWithRetries(sim: Sim, type: BenefitGatewayType, eventId: string, attempt = 0): Promise<AttemptResult> {
  const result = await attemptDelivery(sim, type, eventId);
  const delay = RETRY_DELAYS_MS[attempt];
  if (!result.delivered && delay !== undefined) {
    const timer = setTimeout(() => {
      void deliverWithRetries(sim, type, eventId, attempt + 1).catch((error: unknown) =>
        sim.services.report(error, { where: 'sandbox gateway notification retry', eventId }),
      );
    }, delay);
    // A pending retry must not keep a test run or a shutting-down server alive.
    timer.unref();
  }
  return result;
}

/** Delivery without waiting for the first attempt (changes found while answering a query). */
export function deliverInBackground(sim: Sim, type: BenefitGatewayType, eventId: string): void {
  void deliverWithRetries(sim, type, eventId).catch((error: unknown) =>
    sim.services.report(error, { where: 'sandbox gateway notification', eventId }),
  );
}
