import { randomBytes } from 'node:crypto';
import type { BenefitGatewayType } from '@/contracts/gateways';
import * as F from '@/contracts/benefit';
import { formatDttm, isDttmFresh } from '@/contracts/dttm';
import { type SignedFields, signFields, verifyFields } from '@/contracts/signing';
import { json, methodNotAllowed, publicOrigin, readJsonObject, segments } from '../http';
import { loadPayment } from '../payments';
import type { Sim } from '../sim';
import { insertPayment, type Payment, type StatusChange } from '../store';
import { deliverInBackground } from './delivery';
import { changeBenefitStatus, STORNO_WINDOW_SECONDS } from './lifecycle';
import { createProblem } from './validate-create';

type Message = Record<string, unknown>;

function answer(sim: Sim, type: BenefitGatewayType, status: number, fields: SignedFields, message: Message): Response {
  const signed = { ...message, dttm: formatDttm(sim.now()) };
  return json(status, { ...signed, signature: signFields(fields, signed, sim.keys(type).gatewayKey) });
}

function error(sim: Sim, type: BenefitGatewayType, status: number, code: string, message: string): Response {
  return answer(sim, type, status, F.ERROR_RESPONSE, { code, message });
}

/** Signature with the merchant's public key (401), then dttm within ±300 s (400). */
function refusal(sim: Sim, type: BenefitGatewayType, fields: SignedFields, message: Message): Response | undefined {
  if (!verifyFields(fields, message, sim.keys(type).merchantKey)) return error(sim, type, 401, 'invalid_signature', 'The signature does not verify');
  if (!isDttmFresh(message.dttm, sim.now(), F.NOTIFICATION_TOLERANCE_SECONDS)) return error(sim, type, 400, 'invalid_request', 'dttm is missing or not current');
  return undefined;
}

function statusAnswer(sim: Sim, type: BenefitGatewayType, status: number, payment: Payment): Response {
  return answer(sim, type, status, F.STATUS_RESPONSE, {
    gatewayPaymentId: payment.id,
    orderNumber: payment.orderNumber,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
  });
}

async function create(sim: Sim, type: BenefitGatewayType, request: Request): Promise<Response> {
  const message = await readJsonObject(request);
  if (!message) return error(sim, type, 400, 'invalid_request', 'The body is not a JSON object');
  if (message.merchantId !== sim.merchantId(type)) return error(sim, type, 400, 'invalid_request', 'Unknown merchantId');
  const refused = refusal(sim, type, F.CREATE_REQUEST, message);
  if (refused) return refused;
  const problem = createProblem(message);
  if (problem) return error(sim, type, 400, 'invalid_request', `Invalid ${problem}`);
  const now = sim.now();
  const ttlSeconds = message.ttlSec as number;
  const id = `${({ pluxee: 'PX', edenred: 'ED', mybenefit: 'MB' } as const)[type]}${randomBytes(10).toString('hex').toUpperCase()}`;
  await insertPayment(await sim.db(), {
    id,
    gateway: type,
    merchantId: String(message.merchantId),
    orderNumber: String(message.orderNumber),
    amount: message.amount as number,
    currency: String(message.currency),
    category: String(message.category),
    status: 'CREATED',
    language: typeof message.language === 'string' ? message.language : 'cs',
    returnUrl: String(message.returnUrl),
    returnMethod: 'GET',
    notifyUrl: String(message.notifyUrl),
    ttlSeconds,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    updatedAt: now,
  });
  const redirectUrl = `${publicOrigin(request)}/sandbox/gateways/${type}/pay/${encodeURIComponent(id)}`;
  return answer(sim, type, 201, F.CREATE_RESPONSE, { gatewayPaymentId: id, redirectUrl, status: 'CREATED' });
}

async function status(sim: Sim, type: BenefitGatewayType, id: string, request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const message = { gatewayPaymentId: id, dttm: query.get('dttm') ?? undefined, signature: query.get('signature') ?? undefined };
  const refused = refusal(sim, type, F.STATUS_REQUEST, message);
  if (refused) return refused;
  const payment = await loadPayment(sim, type, id);
  return payment ? statusAnswer(sim, type, 200, payment) : error(sim, type, 404, 'not_found', 'No such payment');
}

/**
 * Cancel: a waiting payment, or a paid one within the storno window, for its whole amount.
 * Refund: any part of what is left of a paid payment; it then stays REFUNDED.
 */
function plan(sim: Sim, operation: 'cancel' | 'refund', payment: Payment, amount: number): StatusChange | string {
  const now = sim.now();
  if (operation === 'refund') {
    if (amount > payment.amount - payment.refundedAmount) return 'amount exceeds what is left to refund';
    return { from: ['PAID', 'REFUNDED'], to: 'REFUNDED', at: now, refund: amount };
  }
  if (amount !== payment.amount) return 'a cancel is for the whole amount';
  const stornoOpen = payment.paidAt !== null && now.getTime() - payment.paidAt.getTime() <= STORNO_WINDOW_SECONDS * 1000;
  return { from: stornoOpen ? ['CREATED', 'PAID'] : ['CREATED'], to: 'CANCELLED', at: now };
}

async function amountOperation(sim: Sim, type: BenefitGatewayType, id: string, operation: 'cancel' | 'refund', request: Request): Promise<Response> {
  const body = await readJsonObject(request);
  if (!body) return error(sim, type, 400, 'invalid_request', 'The body is not a JSON object');
  const message: Message = { ...body, gatewayPaymentId: id };
  const refused = refusal(sim, type, F.AMOUNT_REQUEST, message);
  if (refused) return refused;
  const { amount } = message;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return error(sim, type, 400, 'invalid_request', 'Invalid amount');
  const payment = await loadPayment(sim, type, id);
  if (!payment) return error(sim, type, 404, 'not_found', 'No such payment');
  const change = plan(sim, operation, payment, amount);
  if (typeof change === 'string') return error(sim, type, 400, 'invalid_request', change);
  const changed = await changeBenefitStatus(sim, id, change);
  if (!changed) return error(sim, type, 409, 'invalid_state', `The payment is ${payment.status}`);
  // The merchant asked for this change; it is notified too, but the answer does not wait for it.
  deliverInBackground(sim, type, changed.eventId);
  return statusAnswer(sim, type, 200, changed.payment);
}

/** The benefit protocol under /sandbox/gateways/{type}/api (`path` is the part after it). */
export async function benefitApi(sim: Sim, type: BenefitGatewayType, request: Request, path: string): Promise<Response | undefined> {
  const parts = segments(path);
  if (!parts) return error(sim, type, 400, 'invalid_request', 'Invalid URL encoding');
  const [collection, id, operation, ...extra] = parts;
  if (collection !== 'payments' || extra.length > 0) return undefined;
  if (id === undefined) return request.method === 'POST' ? create(sim, type, request) : methodNotAllowed('POST');
  if (operation === undefined) return request.method === 'GET' ? status(sim, type, id, request) : methodNotAllowed('GET');
  if (operation === 'cancel' || operation === 'refund') {
    return request.method === 'POST' ? amountOperation(sim, type, id, operation, request) : methodNotAllowed('POST');
  }
  return undefined;
}
