import type { Clock } from '@/server/clock';
import type { GatewayConfig } from '../../../config/payments';
import { formatDttm } from '@/contracts/dttm';
import { CallbackRejected, type Gateway, GatewayError, type GatewayPaymentState } from '../gateway';
import { GatewayResultError, InvalidGatewaySignature } from '../errors';
import { asRecord, callGateway } from '../http';
import type { GatewayKeys } from '../key-ring';
import { type SignedFields, signFields, verifyFields } from '@/contracts/signing';
import * as F from '@/contracts/benefit';
import { isBenefitStatus } from '@/contracts/benefit';
import type { BenefitGatewayType } from '@/contracts/gateways';
import { verifyBenefitNotification } from './notification';
import { BENEFIT_STATUS } from './status';

export type { BenefitGatewayType };

export interface BenefitGatewayOptions {
  config: GatewayConfig;
  keys: () => GatewayKeys;
  clock: Clock;
  fetch: typeof fetch;
  /** Outside sandbox mode the payment page must be https. */
  sandbox: boolean;
  /** The benefit category the payments are drawn from; stays are leisure. */
  category?: string;
  timeoutMs?: number;
}

/**
 * A Pluxee or Edenred cafeteria gateway speaking our proposed protocol (payment-gateways.md §2.6):
 * create → redirect → signed notification and status query; cancel and refund. The two differ
 * only in address, merchant id and keys, so one adapter serves both.
 */
export function createBenefitGateway(type: BenefitGatewayType, options: BenefitGatewayOptions): Gateway {
  const { config, keys, clock } = options;
  const base = config.apiUrl.replace(/\/+$/, '');
  const paymentUrl = (id: string) => `${base}/payments/${encodeURIComponent(id)}`;

  const signed = (fields: SignedFields, message: Record<string, unknown>) => {
    const stamped = { ...message, dttm: formatDttm(clock.now()) };
    return { ...stamped, signature: signFields(fields, stamped, keys().merchantKey) };
  };

  const call = async (what: string, method: 'GET' | 'POST', url: string, body: unknown, idempotent: boolean) => {
    const answer = await callGateway({ gateway: type, what, method, url, body, idempotent, fetch: options.fetch, timeoutMs: options.timeoutMs });
    const message = asRecord(answer.body);
    if (answer.status < 200 || answer.status > 299) {
      const code = message && typeof message.code === 'string' ? message.code : `http_${answer.status}`;
      const detail = message && typeof message.message === 'string' ? `: ${message.message}` : '';
      throw new GatewayResultError(type, code, `${what}: HTTP ${answer.status} ${code}${detail}`);
    }
    if (!message) throw new GatewayError(`${type} ${what}: the answer is not a JSON object`, false);
    return message;
  };

  /** A status-shaped answer (status, cancel, refund), verified and about the payment asked for. */
  const paymentState = (what: string, id: string, message: Record<string, unknown>): GatewayPaymentState => {
    if (!verifyFields(F.STATUS_RESPONSE, message, keys().gatewayKey)) throw new InvalidGatewaySignature(type, what);
    if (message.gatewayPaymentId !== id) throw new GatewayError(`${type} ${what}: the answer is about another payment`, false);
    if (!isBenefitStatus(message.status)) throw new GatewayError(`${type} ${what}: unknown status ${String(message.status)}`, false);
    return {
      gatewayPaymentId: id,
      status: BENEFIT_STATUS[message.status],
      amount: typeof message.amount === 'number' ? message.amount : undefined,
      currency: typeof message.currency === 'string' ? message.currency : undefined,
    };
  };

  const status = async (id: string) => {
    const query = signed(F.STATUS_REQUEST, { gatewayPaymentId: id });
    const url = `${paymentUrl(id)}?${new URLSearchParams({ dttm: query.dttm, signature: query.signature })}`;
    return paymentState('status', id, await call('status', 'GET', url, undefined, true));
  };

  const amountCall = async (operation: 'cancel' | 'refund', id: string, amount: number) => {
    const { dttm, signature } = signed(F.AMOUNT_REQUEST, { gatewayPaymentId: id, amount });
    return paymentState(operation, id, await call(operation, 'POST', `${paymentUrl(id)}/${operation}`, { amount, dttm, signature }, false));
  };

  return {
    type,

    async create(input) {
      if (!/^\d{1,10}$/.test(input.orderNumber)) throw new GatewayError(`${type} create: orderNumber must be 1–10 digits`, false);
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new GatewayError(`${type} create: amount must be positive`, false);
      const body = signed(F.CREATE_REQUEST, {
        merchantId: config.merchantId,
        orderNumber: input.orderNumber,
        amount: input.amount,
        currency: input.currency,
        category: options.category ?? 'leisure',
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
        ttlSec: input.ttlSeconds,
        language: input.language,
      });
      const message = await call('create', 'POST', `${base}/payments`, body, false);
      if (!verifyFields(F.CREATE_RESPONSE, message, keys().gatewayKey)) throw new InvalidGatewaySignature(type, 'create');
      const { gatewayPaymentId, redirectUrl } = message;
      if (typeof gatewayPaymentId !== 'string' || gatewayPaymentId === '' || typeof redirectUrl !== 'string') {
        throw new GatewayError(`${type} create: the answer lacks the payment id or page`, false);
      }
      if (message.status !== 'CREATED') throw new GatewayError(`${type} create: status ${String(message.status)}`, false);
      let page: URL;
      try {
        page = new URL(redirectUrl);
      } catch {
        throw new GatewayError(`${type} create: the payment page is not a URL`, false);
      }
      if (page.protocol !== 'https:' && !(options.sandbox && page.protocol === 'http:')) {
        throw new GatewayError(`${type} create: the payment page is not https`, false);
      }
      return { gatewayPaymentId, redirectUrl };
    },

    verifyReturn(fields) {
      const message: Record<string, string> = {};
      for (const name of ['gatewayPaymentId', 'dttm', 'signature']) {
        const values = fields.getAll(name);
        if (values.length !== 1 || !values[0]) throw new CallbackRejected('invalid_signature', `${name} missing or repeated`);
        message[name] = values[0];
      }
      if (!verifyFields(F.RETURN_FIELDS, message, keys().gatewayKey)) throw new CallbackRejected('invalid_signature');
      return { gatewayPaymentId: message.gatewayPaymentId as string };
    },

    verifyNotification(rawBody) {
      return verifyBenefitNotification(rawBody, keys, clock);
    },

    status,

    async cancel(id) {
      const current = await status(id);
      // Cancelling something already over is a no-op; a refunded payment needs no cancel.
      if (current.status === 'cancelled' || current.status === 'rejected') return current;
      if (current.status === 'refunded' || current.amount === undefined) {
        throw new GatewayResultError(type, 'invalid_state', `payment is ${current.status}: nothing to cancel`);
      }
      return amountCall('cancel', id, current.amount);
    },

    async refund(id, amount) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new GatewayError(`${type} refund: amount must be a positive whole number`, false);
      return amountCall('refund', id, amount);
    },
  };
}
