import { CallbackRejected, type Gateway, GatewayError, type GatewayPaymentState } from '../gateway';
import { GatewayResultError } from '../errors';
import { csobClient, type CsobAnswer, type CsobClientOptions } from './client';
import { initRequest } from './init-request';
import { verifyCsobReturn } from './return';
import { csobStatus } from './status';

export interface CsobGateway extends Gateway {
  /** ČSOB's echo: proves that the address, merchant id and both keys fit together. */
  echo(): Promise<void>;
}

function paymentStatusOf(answer: CsobAnswer, what: string): number {
  const value = answer.paymentStatus;
  if (typeof value !== 'number' || csobStatus(value) === undefined) {
    throw new GatewayError(`csob ${what}: unknown paymentStatus ${String(value)}`, false);
  }
  return value;
}

function state(payId: string, paymentStatus: number): GatewayPaymentState {
  // ČSOB's status answer carries no amount; the caller compares its own stored one.
  return { gatewayPaymentId: payId, status: csobStatus(paymentStatus) ?? 'waiting' };
}

function refused(paymentStatus: number, detail: string, retryable = false): never {
  throw new GatewayResultError('csob', 'invalid_state', `payment in state ${paymentStatus}: ${detail}`, retryable);
}

/**
 * The ČSOB card gateway, eAPI 1.9. Returning money follows the state rules of §1.7: a payment
 * authorized (4) or captured but not yet settled (7) can only be reversed whole, which cancel()
 * does; once settled (8, or 10 after an earlier partial refund) refund() returns any part.
 */
export function createCsobGateway(options: CsobClientOptions): CsobGateway {
  const client = csobClient(options);

  const currentStatus = async (payId: string) => paymentStatusOf(await client.status(payId), 'payment/status');

  return {
    type: 'csob',

    async echo() {
      await client.echo();
    },

    async create(input) {
      const answer = await client.init(initRequest(input, options.config.merchantId));
      const payId = answer.payId;
      if (typeof payId !== 'string' || payId === '') throw new GatewayError('csob payment/init: no payId in the answer', false);
      return { gatewayPaymentId: payId, redirectUrl: client.processUrl(payId) };
    },

    verifyReturn(fields) {
      return verifyCsobReturn(fields, options.keys);
    },

    verifyNotification() {
      // ČSOB has no server-to-server notifications; anything claiming to be one is forged.
      throw new CallbackRejected('invalid_signature', 'ČSOB sends no notifications');
    },

    async status(payId) {
      return state(payId, await currentStatus(payId));
    },

    async cancel(payId) {
      const current = await currentStatus(payId);
      if (current === 4 || current === 7) {
        return state(payId, paymentStatusOf(await client.reverse(payId), 'payment/reverse'));
      }
      // Already over without money moving: cancelling again changes nothing.
      if (current === 3 || current === 5 || current === 6) return state(payId, current);
      if (current === 1 || current === 2) {
        refused(current, 'ČSOB cannot cancel a payment the customer may still complete; it ends rejected (6) after ttlSec');
      }
      return refused(current, 'settled or refunded payments are returned with refund()');
    },

    async refund(payId, amount) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new GatewayError('csob refund: amount must be a positive whole number', false);
      const current = await currentStatus(payId);
      if (current === 8 || current === 10) {
        return state(payId, paymentStatusOf(await client.refund(payId, amount), 'payment/refund'));
      }
      if (current === 9) refused(current, 'a refund is being processed; ask again in a moment', true);
      if (current === 4 || current === 7) {
        refused(current, 'not settled yet: reverse the whole payment with cancel(), or refund after settlement (8)');
      }
      return refused(current, 'nothing was paid that could be refunded');
    },
  };
}
