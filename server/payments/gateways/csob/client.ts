import type { Clock } from '@/server/clock';
import type { GatewayConfig } from '../../../config/payments';
import { formatDttm } from '@/contracts/dttm';
import { GatewayError } from '../gateway';
import { GatewayResultError, InvalidGatewaySignature } from '../errors';
import { asRecord, callGateway } from '../http';
import type { GatewayKeys } from '../key-ring';
import { type SignedFields, signFields, verifyFields } from '@/contracts/signing';
import * as F from '@/contracts/csob';

export interface CsobClientOptions {
  config: GatewayConfig;
  keys: () => GatewayKeys;
  clock: Clock;
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** A verified ČSOB answer with resultCode 0. */
export type CsobAnswer = Record<string, unknown> & { paymentStatus?: unknown };

/**
 * The eAPI 1.9 calls, each signed with our key over its fields in specification order with a
 * fresh dttm, each answer verified with ČSOB's key before anything in it is read.
 */
export function csobClient(options: CsobClientOptions) {
  const { config, keys, clock } = options;
  const base = config.apiUrl.replace(/\/+$/, '');

  const signed = (fields: SignedFields, message: Record<string, unknown>) => {
    const stamped = { ...message, dttm: formatDttm(clock.now()) };
    return { ...stamped, signature: signFields(fields, stamped, keys().merchantKey) };
  };

  /** `{base}/{op}/{merchantId}/{payId}/{dttm}/{signature}`, every segment URL-encoded. */
  const pathUrl = (operation: string, payId: string) => {
    const message = { merchantId: config.merchantId, payId, dttm: formatDttm(clock.now()) };
    const signature = signFields(F.PAYMENT_PATH, message, keys().merchantKey);
    const segments = [message.merchantId, payId, message.dttm, signature].map((part) => encodeURIComponent(part));
    return `${base}/${operation}/${segments.join('/')}`;
  };

  const call = async (
    what: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body: unknown,
    answerFields: SignedFields,
    idempotent: boolean,
    payId?: string,
  ): Promise<CsobAnswer> => {
    const answer = await callGateway({ gateway: 'csob', what, method, url, body, idempotent, fetch: options.fetch, timeoutMs: options.timeoutMs });
    const message = asRecord(answer.body);
    if (answer.status < 200 || answer.status > 299) {
      // Error bodies are read for the log line only; nothing in them changes state.
      const code = message && typeof message.resultCode === 'number' ? String(message.resultCode) : `http_${answer.status}`;
      const detail = message && typeof message.resultMessage === 'string' ? ` ${message.resultMessage}` : '';
      throw new GatewayResultError('csob', code, `${what}: HTTP ${answer.status} resultCode ${code}${detail}`);
    }
    if (!message) throw new GatewayError(`csob ${what}: the answer is not a JSON object`, false);
    if (!verifyFields(answerFields, message, keys().gatewayKey)) throw new InvalidGatewaySignature('csob', what);
    if (message.resultCode !== 0) {
      const code = typeof message.resultCode === 'number' ? String(message.resultCode) : 'missing';
      // 900 is ČSOB's internal error: worth repeating only where repeating is safe.
      throw new GatewayResultError('csob', code, `${what}: resultCode ${code} ${String(message.resultMessage ?? '')}`, idempotent && code === '900');
    }
    if (payId !== undefined && message.payId !== payId) {
      throw new GatewayError(`csob ${what}: the answer is about another payment`, false);
    }
    return message;
  };

  return {
    echo: () =>
      call('echo', 'POST', `${base}/echo`, signed(F.ECHO_REQUEST, { merchantId: config.merchantId }), F.ECHO_RESPONSE, true),

    init: (request: Record<string, unknown>) =>
      call('payment/init', 'POST', `${base}/payment/init`, signed(F.INIT_REQUEST, request), F.INIT_RESPONSE, false),

    /** Where the browser goes to pay: ČSOB answers it with 303 to its card page. */
    processUrl: (payId: string) => pathUrl('payment/process', payId),

    status: (payId: string) => call('payment/status', 'GET', pathUrl('payment/status', payId), undefined, F.STATUS_RESPONSE, true, payId),

    reverse: (payId: string) =>
      call(
        'payment/reverse',
        'PUT',
        `${base}/payment/reverse`,
        signed(F.REVERSE_REQUEST, { merchantId: config.merchantId, payId }),
        F.REVERSE_RESPONSE,
        false,
        payId,
      ),

    close: (payId: string, totalAmount?: number) =>
      call(
        'payment/close',
        'PUT',
        `${base}/payment/close`,
        signed(F.CLOSE_REQUEST, { merchantId: config.merchantId, payId, totalAmount }),
        F.CLOSE_RESPONSE,
        false,
        payId,
      ),

    refund: (payId: string, amount?: number) =>
      call(
        'payment/refund',
        'PUT',
        `${base}/payment/refund`,
        signed(F.REFUND_REQUEST, { merchantId: config.merchantId, payId, amount }),
        F.REFUND_RESPONSE,
        false,
        payId,
      ),
  };
}

export type CsobClient = ReturnType<typeof csobClient>;
