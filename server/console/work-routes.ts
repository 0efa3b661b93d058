import 'server-only';
import { needsAttention } from '../operators/attention';
import { auditLog } from '../operators/audit-log';
import { sessionRef } from '../operators/own-sessions';
import { cancellationPreview } from '../operators/cancel-booking';
import { contactMessages, markAnswered } from '../operators/contact-messages';
import { orderByNumber } from '../operators/order-lookup';
import { searchOrders } from '../operators/search';
import { voucherByCode } from '../operators/voucher-admin';
import { orderTimeline } from '../operators/timeline';
import { AttentionRefused, openItem, parseSubject, resolveAttention } from '../operators/resolve-attention';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { attentionSection, resolvePage } from './attention-pages';
import { auditPage } from './audit-page';
import { cancel, cancelForm } from './cancel-routes';
import { contactPage } from './contact-pages';
import { match, matchForm } from './match-routes';
import { homePage, orderPage, searchPage } from './order-pages';
import { refund, refundForm } from './refund-routes';
import { resend, resendForm } from './resend-routes';
import { retry, retryForm } from './retry-routes';
import { endSession, endSessionForm, sessionsPage } from './session-routes';
import { settle, settleForm } from './settle-routes';
import { release, releaseForm } from './release-routes';
import { extend, extendForm, showVoucher } from './voucher-routes';
import { issue, issueForm, review } from './voucher-issue-routes';
import { type ConsoleRequest, redirect } from './request';
import { noticePage, type PageContext } from './shell';
import { timelineSection } from './timeline-section';

/** What the action that led to an order's page did, named by a flag in the address it redirected to. */
const ACTION_FLAGS = {
  resent: 'resend.done',
  refund: 'refund.done',
  retried: 'retry.done',
  matched: 'match.done',
  settled: 'settle.done',
  cancelled: 'cancel.done',
  cancelling: 'cancel.inProgress',
} as const;

/** What a page behind sign-in gets: the services, the request, the operator, the form if posted. */
interface Work {
  services: Services;
  context: PageContext;
  operator: Operator;
  url: URL;
  /** The posted form (empty for a GET). */
  form: FormData;
  /** How the pages name this browser's session (own-sessions.ts). */
  sessionRef: string | undefined;
}

const param = (work: Work, name: string) => work.url.searchParams.get(name) ?? '';

/** Every page behind sign-in, by method and path. */
const WORK: Record<string, (work: Work) => Promise<Response> | Response> = {
  'GET /console': (work) => {
    const resolved = work.url.searchParams.get('resolved');
    const { t } = work.context;
    const notice = resolved === null ? undefined : /^\d{10}$/.test(resolved) ? t('attention.resolved', { number: resolved }) : t('attention.resolvedGeneric');
    return home(work.services, work.context, { notice });
  },
  'GET /console/orders': (work) => {
    const flag = (Object.keys(ACTION_FLAGS) as (keyof typeof ACTION_FLAGS)[]).find((name) => work.url.searchParams.has(name));
    return findOrder(work.services, work.context, param(work, 'number'), flag && work.context.t(ACTION_FLAGS[flag]));
  },
  'GET /console/search': (work) => search(work.services, work.context, param(work, 'q')),
  'GET /console/attention': async (work) => {
    const subject = parseSubject(param(work, 'subject'));
    const item = subject && (await openItem(work.services, subject));
    return item ? resolvePage(work.context, item) : home(work.services, work.context, { notice: work.context.t('attention.notOpen') }, 404);
  },
  'POST /console/attention': (work) => resolve(work.services, work.context, work.operator, work.form),
  'GET /console/mail': (work) => resendForm(work.services, work.context, param(work, 'order'), param(work, 'mail')),
  'POST /console/mail': (work) => resend(work.services, work.context, work.operator, work.form),
  'GET /console/refund': (work) => refundForm(work.services, work.context, param(work, 'payment')),
  'POST /console/refund': (work) => refund(work.services, work.context, work.operator, work.form),
  'GET /console/refunds/settle': (work) => settleForm(work.services, work.context, param(work, 'refund')),
  'POST /console/refunds/settle': (work) => settle(work.services, work.context, work.operator, work.form),
  'GET /console/orders/retry': (work) => retryForm(work.services, work.context, param(work, 'number')),
  'POST /console/orders/retry': (work) => retry(work.services, work.context, work.operator, work.form),
  'GET /console/orders/cancel': (work) => cancelForm(work.services, work.context, param(work, 'number')),
  'POST /console/orders/cancel': (work) => cancel(work.services, work.context, work.operator, work.form),
  'GET /console/transfers/match': (work) => matchForm(work.services, work.context, param(work, 'bank')),
  'POST /console/transfers/match': (work) => match(work.services, work.context, work.operator, work.form),
  'GET /console/vouchers': (work) => {
    const done = (['extended', 'issued', 'released'] as const).find((flag) => work.url.searchParams.has(flag));
    return showVoucher(work.services, work.context, param(work, 'code'), done);
  },
  'GET /console/vouchers/issue': (work) => issueForm(work.services, work.context),
  'POST /console/vouchers/review': (work) => review(work.services, work.context, work.form),
  'POST /console/vouchers/issue': (work) => issue(work.services, work.context, work.operator, work.form),
  'GET /console/vouchers/release': (work) => releaseForm(work.services, work.context, param(work, 'hold')),
  'POST /console/vouchers/release': (work) => release(work.services, work.context, work.operator, work.form),
  'GET /console/vouchers/extend': (work) => extendForm(work.services, work.context, param(work, 'code')),
  'POST /console/vouchers/extend': (work) => extend(work.services, work.context, work.operator, work.form),
  'GET /console/messages': async (work) =>
    contactPage(work.context, await contactMessages(work.services), work.url.searchParams.has('marked') ? work.context.t('contact.marked') : undefined),
  'POST /console/messages': async (work) => {
    const marked = await markAnswered(work.services, work.operator, String(work.form.get('message') ?? ''), String(work.form.get('note') ?? ''));
    if (marked) return redirect('/console/messages?marked');
    const page = contactPage(work.context, await contactMessages(work.services), work.context.t('contact.already'));
    return new Response(page.body, { status: 409, headers: page.headers });
  },
  'GET /console/sessions': (work) =>
    sessionsPage(work.services, work.context, work.operator, work.sessionRef, work.url.searchParams.has('ended') ? work.context.t('sessions.ended') : undefined),
  'GET /console/sessions/end': (work) => endSessionForm(work.services, work.context, work.operator, work.sessionRef, param(work, 'session')),
  'POST /console/sessions/end': (work) => endSession(work.services, work.context, work.operator, work.sessionRef, work.form),
  'GET /console/audit': async (work) => auditPage(work.context, await auditLog(work.services)),
};

/** The pages behind sign-in: without a session, each leads to the sign-in page. */
export async function workRoute(services: Services, call: ConsoleRequest): Promise<Response | undefined> {
  const { request, url, context, operator } = call;
  const key = `${request.method} ${url.pathname}`;
  const handler = Object.hasOwn(WORK, key) ? WORK[key] : undefined;
  if (!handler) return undefined;
  if (!operator) return redirect('/console/sign-in');
  const form = request.method === 'POST' ? await request.formData().catch(() => new FormData()) : new FormData();
  return handler({ services, context, operator, url, form, sessionRef: call.token ? sessionRef(call.token) : undefined });
}

async function resolve(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const subject = parseSubject(String(form.get('subject') ?? ''));
  const reason = String(form.get('reason') ?? '');
  if (!subject) return home(services, context, { notice: t('attention.notOpen') }, 404);
  try {
    const item = await resolveAttention(services, operator, subject, reason);
    return redirect(item.orderNumber ? `/console?resolved=${item.orderNumber}` : '/console?resolved');
  } catch (error) {
    if (!(error instanceof AttentionRefused)) throw error;
    if (error.reason === 'forbidden') return noticePage(context, t('errors.forbidden'), t('attention.forbidden'), 403);
    const item = error.reason === 'no_reason' ? await openItem(services, subject) : undefined;
    return item ? resolvePage(context, item, t('attention.noReason'), reason) : home(services, context, { notice: t('attention.notOpen') }, 409);
  }
}

/** The start page: the list of what needs attention, and the search. */
async function home(services: Services, context: PageContext, parts: { notice?: string; problem?: string; query?: string }, status?: number): Promise<Response> {
  const page = homePage(context, { ...parts, attention: attentionSection(context, await needsAttention(services)) });
  return status ? new Response(page.body, { status, headers: page.headers }) : page;
}

async function findOrder(services: Services, context: PageContext, number: string, notice?: string): Promise<Response> {
  const wanted = number.trim();
  if (!/^\d{10}$/.test(wanted)) return home(services, context, { problem: context.t('order.invalidNumber'), query: number });
  const order = await orderByNumber(services, wanted);
  if (!order) return home(services, context, { problem: context.t('order.notFound', { number: wanted }), query: number });
  const cancellable = context.operator?.role === 'finance' && order.kind === 'hotel' && (await cancellationPreview(services, order.number)) !== undefined;
  return orderPage(context, order, timelineSection(context, await orderTimeline(services, order.id), order), notice, cancellable);
}

/** One match opens the order; several are listed; none is said so beside the search box. */
async function search(services: Services, context: PageContext, query: string): Promise<Response> {
  if (query.trim() === '') return redirect('/console');
  // An 8-digit code is a voucher's: its own page says where it came from and where it went.
  if (/^\d{8}$/.test(query.trim()) && (await voucherByCode(services, query.trim()))) return redirect(`/console/vouchers?code=${query.trim()}`);
  const found = await searchOrders(services, query);
  if (found.length === 1) return redirect(`/console/orders?number=${found[0]!.number}`);
  if (found.length === 0) return home(services, context, { problem: context.t('search.nothing', { query: query.trim() }), query });
  return searchPage(context, query.trim(), found);
}
