import type { Clock } from '@/server/clock';
import { isDttmFresh } from '@/contracts/dttm';
import { CallbackRejected, type GatewayNotification } from '../gateway';
import { asRecord } from '../http';
import type { GatewayKeys } from '../key-ring';
import { verifyFields } from '@/contracts/signing';
import { NOTIFICATION, NOTIFICATION_TOLERANCE_SECONDS, NOTIFIED_STATUSES } from '@/contracts/benefit';
import { BENEFIT_STATUS } from './status';

/**
 * Verifies a notification over its raw body: parsed once, signature over the parsed fields in
 * their fixed order, dttm within ±300 s, then the field checks in the order of our error
 * catalogue. Whether the status may follow the payment's current one is the payment service's
 * decision (unexpected_status), and so is comparing the amount with the stored one.
 */
export function verifyBenefitNotification(rawBody: string, keys: () => GatewayKeys, clock: Clock): GatewayNotification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new CallbackRejected('invalid_signature', 'the body is not JSON');
  }
  const message = asRecord(parsed);
  if (!message) throw new CallbackRejected('invalid_signature', 'the body is not a JSON object');
  if (!verifyFields(NOTIFICATION, message, keys().gatewayKey)) throw new CallbackRejected('invalid_signature');
  if (!isDttmFresh(message.dttm, clock.now(), NOTIFICATION_TOLERANCE_SECONDS)) {
    throw new CallbackRejected('invalid_signature', 'dttm is not within 300 seconds of now');
  }
  const { eventId, gatewayPaymentId, orderNumber, amount, currency, status } = message;
  if (typeof eventId !== 'string' || eventId === '') throw new CallbackRejected('invalid_signature', 'eventId missing');
  if (typeof gatewayPaymentId !== 'string' || gatewayPaymentId === '') throw new CallbackRejected('unknown_payment', 'gatewayPaymentId missing');
  if (typeof currency !== 'string' || currency.trim() === '') throw new CallbackRejected('empty_currency');
  if (typeof orderNumber !== 'string' || orderNumber.trim() === '') throw new CallbackRejected('empty_order_number');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw new CallbackRejected('invalid_amount');
  const known = NOTIFIED_STATUSES.find((candidate) => candidate === status);
  if (!known) throw new CallbackRejected('invalid_status', String(status));
  return { eventId, gatewayPaymentId, orderNumber, amount, currency, status: BENEFIT_STATUS[known] };
}
