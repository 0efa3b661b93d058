import { randomBytes } from 'node:crypto';
import * as F from '@/contracts/csob';
import { formatDttm, isDttmFresh } from '@/contracts/dttm';
import { type SignedFields, signFields, verifyFields } from '@/contracts/signing';
import { html, page } from '../../html';
import { json, methodNotAllowed, publicOrigin, readJsonObject, redirect, segments } from '../http';
import { isOpen, loadPayment } from '../payments';
import type { Sim } from '../sim';
import { changeStatus, insertPayment, type Payment, refundAnswerLost, type StatusChange } from '../store';
import { initProblem } from './validate-init';

type Message = Record<string, unknown>;

/** Every answer is signed with the gateway's private key over its fields in spec order. */
function answer(sim: Sim, status: number, fields: SignedFields, message: Message): Response {
  const signed = { ...message, dttm: formatDttm(sim.now()) };
  return json(status, { ...signed, signature: signFields(fields, signed, sim.keys('csob').gatewayKey) });
}

function failure(sim: Sim, status: number, fields: SignedFields, resultCode: number, resultMessage: string, payId?: string): Response {
  return answer(sim, status, fields, { ...(payId ? { payId } : {}), resultCode, resultMessage });
}

/**
 * The checks every request passes, in the gateway's order: required fields (100), the merchant
 * (110), the signature with the merchant's public key (401), then the dttm tolerance (110).
 */
function refusal(sim: Sim, fields: SignedFields, message: Message, answerFields: SignedFields, required: readonly string[]): Response | undefined {
  const payId = typeof message.payId === 'string' ? message.payId : undefined;
  for (const name of [...required, 'signature']) {
    const value = message[name];
    if (value === undefined || value === null || value === '') return failure(sim, 400, answerFields, 100, `Missing parameter ${name}`, payId);
  }
  if (message.merchantId !== sim.merchantId('csob')) return failure(sim, 400, answerFields, 110, 'Invalid parameter merchantId', payId);
  if (!verifyFields(fields, message, sim.keys('csob').merchantKey)) return failure(sim, 401, answerFields, 110, 'Invalid signature', payId);
  if (!isDttmFresh(message.dttm, sim.now(), F.CSOB_DTTM_TOLERANCE_SECONDS)) return failure(sim, 400, answerFields, 110, 'Invalid parameter dttm', payId);
  return undefined;
}

const pathMessage = (parts: string[]) => {
  const [merchantId, payId, dttm, signature] = parts;
  return { merchantId, payId, dttm, signature };
};

async function echo(sim: Sim, message: Message): Promise<Response> {
  return refusal(sim, F.ECHO_REQUEST, message, F.ECHO_RESPONSE, ['merchantId', 'dttm']) ??
    answer(sim, 200, F.ECHO_RESPONSE, { resultCode: 0, resultMessage: 'OK' });
}

async function init(sim: Sim, request: Request): Promise<Response> {
  const message = await readJsonObject(request);
  if (!message) return failure(sim, 400, F.INIT_RESPONSE, 100, 'The body is not a JSON object');
  const required = ['merchantId', 'orderNo', 'dttm', 'totalAmount', 'currency', 'returnUrl', 'returnMethod', 'cart'];
  const refused = refusal(sim, F.INIT_REQUEST, message, F.INIT_RESPONSE, required);
  if (refused) return refused;
  const problem = initProblem(message);
  if (problem) return failure(sim, 400, F.INIT_RESPONSE, 110, `Invalid parameter ${problem}`);
  const now = sim.now();
  const ttlSeconds = typeof message.ttlSec === 'number' ? message.ttlSec : 1800;
  const [item] = message.cart as { name: string }[];
  // Real payIds are up to 15 characters and may contain '@', which the path must encode.
  const payId = `${randomBytes(6).toString('hex')}@SB`;
  await insertPayment(await sim.db(), {
    id: payId,
    gateway: 'csob',
    merchantId: String(message.merchantId),
    orderNumber: String(message.orderNo),
    amount: message.totalAmount as number,
    currency: String(message.currency),
    description: item?.name ?? '',
    status: '1',
    language: typeof message.language === 'string' ? message.language : 'cs',
    returnUrl: String(message.returnUrl),
    returnMethod: String(message.returnMethod),
    merchantData: typeof message.merchantData === 'string' ? message.merchantData : null,
    closePayment: message.closePayment !== false,
    ttlSeconds,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    updatedAt: now,
  });
  return answer(sim, 200, F.INIT_RESPONSE, { payId, resultCode: 0, resultMessage: 'OK', paymentStatus: 1 });
}

/** Like the real gateway, an unknown or finished payment gets an HTML page with 200, not a 303. */
function processFailure(): Response {
  return page({
    lang: 'en',
    title: 'Payment gateway',
    banner: 'ČSOB payment gateway SIMULATOR',
    body: html`<h1>Payment not available</h1><p>The payment was not found, has expired, or the link is not valid.</p>`,
  });
}

async function process(sim: Sim, request: Request, parts: string[]): Promise<Response> {
  const message = pathMessage(parts);
  if (parts.length !== 4 || refusal(sim, F.PAYMENT_PATH, message, F.STATUS_RESPONSE, ['merchantId', 'payId', 'dttm'])) {
    return processFailure();
  }
  const payment = await loadPayment(sim, 'csob', String(message.payId));
  if (!payment || !isOpen('csob', payment)) return processFailure();
  // The customer has reached the gateway: initiated (1) becomes in progress (2).
  await changeStatus(await sim.db(), payment.id, { from: ['1'], to: '2', at: sim.now() });
  return redirect(`${publicOrigin(request)}/sandbox/gateways/csob/pay/${encodeURIComponent(payment.id)}`);
}

function statusAnswer(sim: Sim, fields: SignedFields, payment: Payment): Response {
  return answer(sim, 200, fields, {
    payId: payment.id,
    resultCode: 0,
    resultMessage: 'OK',
    paymentStatus: Number(payment.status),
    ...(payment.authCode && fields.includes('authCode') ? { authCode: payment.authCode } : {}),
  });
}

async function status(sim: Sim, parts: string[]): Promise<Response> {
  const message = pathMessage(parts);
  if (parts.length !== 4) return failure(sim, 400, F.STATUS_RESPONSE, 100, 'Missing parameter');
  const refused = refusal(sim, F.PAYMENT_PATH, message, F.STATUS_RESPONSE, ['merchantId', 'payId', 'dttm']);
  if (refused) return refused;
  const payment = await loadPayment(sim, 'csob', String(message.payId));
  if (!payment) return failure(sim, 200, F.STATUS_RESPONSE, 140, 'Payment not found', String(message.payId));
  return statusAnswer(sim, F.STATUS_RESPONSE, payment);
}

const OPERATIONS = {
  reverse: { request: F.REVERSE_REQUEST, response: F.REVERSE_RESPONSE },
  close: { request: F.CLOSE_REQUEST, response: F.CLOSE_RESPONSE },
  refund: { request: F.REFUND_REQUEST, response: F.REFUND_RESPONSE },
} as const;
type Operation = keyof typeof OPERATIONS;

/** What the operation would do to the payment (§1.7), or an error answer. */
function plan(sim: Sim, operation: Operation, payment: Payment, message: Message): StatusChange | Response {
  const { response } = OPERATIONS[operation];
  const now = sim.now();
  if (operation === 'reverse') return { from: ['4', '7'], to: '5', at: now };
  if (operation === 'close') {
    const amount = message.totalAmount ?? payment.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > payment.amount) {
      return failure(sim, 400, response, 110, 'Invalid parameter totalAmount', payment.id);
    }
    return { from: ['4'], to: '7', at: now, set: { amount, paidAt: now } };
  }
  const amount = message.amount ?? payment.amount - payment.refundedAmount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > payment.amount - payment.refundedAmount) {
    return failure(sim, 400, response, 110, 'Invalid parameter amount', payment.id);
  }
  return { from: ['8', '10'], to: '10', at: now, refund: amount };
}

async function merchantOperation(sim: Sim, operation: Operation, request: Request): Promise<Response> {
  const { request: fields, response } = OPERATIONS[operation];
  const message = await readJsonObject(request);
  if (!message) return failure(sim, 400, response, 100, 'The body is not a JSON object');
  const refused = refusal(sim, fields, message, response, ['merchantId', 'payId', 'dttm']);
  if (refused) return refused;
  const payment = await loadPayment(sim, 'csob', String(message.payId));
  if (!payment) return failure(sim, 200, response, 140, 'Payment not found', String(message.payId));
  const change = plan(sim, operation, payment, message);
  if (change instanceof Response) return change;
  const changed = await changeStatus(await sim.db(), payment.id, change);
  if (!changed) return failure(sim, 200, response, 150, 'Payment not in valid state', payment.id);
  if (operation === 'refund' && (await refundAnswerLost(await sim.db(), payment.id))) return lostAnswer();
  return statusAnswer(sim, response, changed);
}

/**
 * What the merchant gets when the gateway's front times out after the bank made the refund (the
 * lose-refund-answer knob): no answer of ČSOB's own, so nothing says whether it went back.
 */
function lostAnswer(): Response {
  return new Response('<html><body><h1>504 Gateway Time-out</h1></body></html>', { status: 504, headers: { 'content-type': 'text/html' } });
}

/** ČSOB eAPI 1.9 under /sandbox/gateways/csob/api/v1.9 (`path` is the part after it). */
export async function csobApi(sim: Sim, request: Request, path: string): Promise<Response | undefined> {
  const parts = segments(path);
  if (!parts) return failure(sim, 400, F.STATUS_RESPONSE, 110, 'Invalid URL encoding');
  const [area, operation, ...rest] = parts;
  if (area === 'echo' && operation === undefined) {
    if (request.method !== 'POST') return methodNotAllowed('POST');
    return echo(sim, (await readJsonObject(request)) ?? {});
  }
  if (area === 'echo') {
    if (request.method !== 'GET') return methodNotAllowed('GET');
    const [merchantId, dttm, signature] = parts.slice(1);
    return echo(sim, { merchantId, dttm, signature });
  }
  if (area !== 'payment' || operation === undefined) return undefined;
  if (operation === 'init') return request.method === 'POST' ? init(sim, request) : methodNotAllowed('POST');
  if (operation === 'process') return request.method === 'GET' ? process(sim, request, rest) : methodNotAllowed('GET');
  if (operation === 'status') return request.method === 'GET' ? status(sim, rest) : methodNotAllowed('GET');
  if (operation === 'reverse' || operation === 'close' || operation === 'refund') {
    return request.method === 'PUT' ? merchantOperation(sim, operation, request) : methodNotAllowed('PUT');
  }
  return undefined;
}
