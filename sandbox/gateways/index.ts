import type { GatewayType } from '@/contracts/gateways';
import type { SandboxContext, SandboxMount } from '../index';
import { isCustomerAction } from './actions';
import { benefitApi } from './benefit/api';
import { csobApi } from './csob/api';
import { actAsCustomer } from './customer';
import { checkDemoReturn, type DemoReturn, demoGateway, readDemoForm, startDemoPayment } from './demo';
import { json, methodNotAllowed, publicOrigin, readForm, redirect } from './http';
import { isGatewayType, jsonApi } from './json-api';
import { overviewPage } from './pages/overview';
import { payPage } from './pages/pay-page';
import { sendBrowserBack } from './pages/return-page';
import { tryItPage } from './pages/try-it';
import { loadPayment, returnTarget } from './payments';
import { type Sim, simOf } from './sim';
import { recentPayments } from './store';
import { pageLanguage } from './texts';

const PAGES = '/sandbox/gateways';

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function payment(sim: Sim, type: GatewayType, request: Request, id: string): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === 'GET') {
    const found = await loadPayment(sim, type, id);
    return payPage(type, found, pageLanguage(url.searchParams.get('lang'), found?.language));
  }
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  const form = await readForm(request);
  const action = form.get('action');
  const found = await loadPayment(sim, type, id);
  const language = pageLanguage(form.get('lang'), found?.language);
  if (!found) return payPage(type, undefined, language);
  if (action === 'return') return sendBrowserBack(returnTarget(sim, type, found), language);
  if (!isCustomerAction(action)) return payPage(type, found, language, 400);
  const outcome = await actAsCustomer(sim, type, id, action);
  if (outcome.kind === 'not_found') return payPage(type, undefined, language);
  if (outcome.kind === 'closed') return payPage(type, outcome.payment, language, 409);
  return sendBrowserBack(outcome.target, language);
}

/** The "try it" page; a GET or POST carrying a gateway's return fields is that return. */
async function tryIt(sim: Sim, type: GatewayType, request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  const fields = request.method === 'POST' ? await readForm(request) : url.searchParams;
  let result: DemoReturn | undefined;
  if (fields.has('signature')) result = await checkDemoReturn(sim, demoGateway(sim, type, publicOrigin(request), handle), fields);
  return tryItPage(type, await recentPayments(await sim.db(), type), { result });
}

async function demo(sim: Sim, type: GatewayType, request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const form = readDemoForm(await readForm(request));
  const recent = async () => recentPayments(await sim.db(), type);
  if (typeof form === 'string') return tryItPage(type, await recent(), { error: form, status: 400 });
  const origin = publicOrigin(request);
  try {
    return redirect(await startDemoPayment(sim, demoGateway(sim, type, origin, handle), type, origin, form));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return tryItPage(type, await recent(), { error: `The gateway refused the payment: ${message}`, status: 502 });
  }
}

/** Receives the notifications of demo payments and verifies them as the shop would. */
async function demoNotify(sim: Sim, type: GatewayType, request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  if (request.method !== 'POST' || type === 'csob') return methodNotAllowed('POST');
  try {
    const notification = demoGateway(sim, type, publicOrigin(request), handle).verifyNotification(await request.text());
    return json(200, { received: notification.eventId });
  } catch (error) {
    const refusal = sim.tryIt.refusal(error);
    if (refusal) return json(400, { rejected: refusal.reason });
    throw error;
  }
}

/** Everything under /sandbox/gateways: protocols, payment pages, "try it" pages. */
async function handlePages(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  const sim = simOf(context);
  const handle = async (inner: Request) =>
    (await handlePages(inner, new URL(inner.url).pathname.slice(PAGES.length), context)) ?? json(404, { error: 'not_found' });
  if (path === '/') return request.method === 'GET' ? overviewPage() : methodNotAllowed('GET');
  const [, type, area, ...rest] = path.split('/');
  if (!isGatewayType(type)) return undefined;
  if (area === undefined) return tryIt(sim, type, request, handle);
  if (area === 'api') {
    if (type === 'csob') return rest[0] === 'v1.9' ? csobApi(sim, request, `/${rest.slice(1).join('/')}`) : undefined;
    return benefitApi(sim, type, request, `/${rest.join('/')}`);
  }
  if (area === 'pay' && rest.length === 1) {
    const id = decoded(rest[0] ?? '');
    return id ? payment(sim, type, request, id) : undefined;
  }
  if (area === 'demo' && rest.length === 0) return demo(sim, type, request, handle);
  if (area === 'demo-notify' && rest.length === 0) return demoNotify(sim, type, request, handle);
  return undefined;
}

async function handleActions(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  return jsonApi(simOf(context), request, path);
}

/**
 * The gateway simulators. The sandbox router matches mounts by prefix, so the JSON actions under
 * /sandbox/api/gateways are a mount of their own.
 */
export const GATEWAY_SANDBOX_MOUNTS: SandboxMount[] = [
  {
    prefix: PAGES,
    title: 'Payment gateways (ČSOB, Pluxee, Edenred, MyBenefit)',
    links: [
      { href: '/sandbox/gateways', label: 'Overview' },
      { href: '/sandbox/gateways/csob', label: 'ČSOB card gateway — try it' },
      { href: '/sandbox/gateways/pluxee', label: 'Pluxee — try it' },
      { href: '/sandbox/gateways/edenred', label: 'Edenred — try it' },
      { href: '/sandbox/gateways/mybenefit', label: 'MyBenefit (Benefit Systems) — try it' },
    ],
    handle: handlePages,
  },
  {
    prefix: '/sandbox/api/gateways',
    title: 'Payment gateways: JSON actions for tests',
    links: [{ href: '/sandbox/gateways', label: 'What the actions do' }],
    handle: handleActions,
  },
];
