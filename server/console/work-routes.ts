import 'server-only';
import { html } from '@/lib/html-template';
import { needsAttention } from '../operators/attention';
import { auditLog } from '../operators/audit-log';
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
import { contactPage } from './contact-pages';
import { match, matchForm } from './match-routes';
import { homePage, orderPage, searchPage } from './order-pages';
import { refund, refundForm } from './refund-routes';
import { resend, resendForm } from './resend-routes';
import { retry, retryForm } from './retry-routes';
import { extend, extendForm, showVoucher } from './voucher-routes';
import { type ConsoleRequest, redirect } from './request';
import { consolePage, type PageContext } from './shell';
import { timelineSection } from './timeline-section';

const ACTION_FLAGS = { resend: 'resent', refund: 'refund', retry: 'retried', match: 'matched' } as const;

const WORK_ROUTES = ['GET /console', 'GET /console/orders', 'GET /console/search', 'GET /console/attention', 'POST /console/attention', 'GET /console/mail', 'POST /console/mail', 'GET /console/messages', 'POST /console/messages', 'GET /console/refund', 'POST /console/refund', 'GET /console/audit', 'GET /console/vouchers', 'GET /console/vouchers/extend', 'POST /console/vouchers/extend', 'GET /console/orders/retry', 'POST /console/orders/retry', 'GET /console/transfers/match', 'POST /console/transfers/match'];

/** The pages behind sign-in: what needs attention, an order, and marking an item dealt with. */
export async function workRoute(services: Services, call: ConsoleRequest): Promise<Response | undefined> {
  const { request, url, context, operator } = call;
  const route = `${request.method} ${url.pathname}`;
  if (!WORK_ROUTES.includes(route)) return undefined;
  if (!operator) return redirect('/console/sign-in');
  const { t } = context;
  switch (route) {
    case 'GET /console': {
      const resolved = url.searchParams.get('resolved');
      const notice = resolved === null ? undefined : /^\d{10}$/.test(resolved) ? t('attention.resolved', { number: resolved }) : t('attention.resolvedGeneric');
      return home(services, context, { notice });
    }
    case 'GET /console/orders': {
      // What the action that led here did, named by a flag in the address it redirected to.
      const done = (['resend', 'refund', 'retry', 'match'] as const).find((action) => url.searchParams.has(ACTION_FLAGS[action]));
      return findOrder(services, context, url.searchParams.get('number') ?? '', done && t(`${done}.done`));
    }
    case 'GET /console/search':
      return search(services, context, url.searchParams.get('q') ?? '');
    case 'GET /console/attention': {
      const subject = parseSubject(url.searchParams.get('subject') ?? '');
      const item = subject && (await openItem(services, subject));
      return item ? resolvePage(context, item) : home(services, context, { notice: t('attention.notOpen') }, 404);
    }
    case 'GET /console/mail':
      return resendForm(services, context, url.searchParams.get('order') ?? '', url.searchParams.get('mail') ?? '');
    case 'GET /console/vouchers':
      return showVoucher(services, context, url.searchParams.get('code') ?? '', url.searchParams.has('extended') ? 'yes' : undefined);
    case 'GET /console/vouchers/extend':
      return extendForm(services, context, url.searchParams.get('code') ?? '');
    case 'POST /console/vouchers/extend':
      return extend(services, context, operator, await request.formData().catch(() => new FormData()));
    case 'GET /console/orders/retry':
      return retryForm(services, context, url.searchParams.get('number') ?? '');
    case 'POST /console/orders/retry':
      return retry(services, context, operator, await request.formData().catch(() => new FormData()));
    case 'GET /console/transfers/match':
      return matchForm(services, context, url.searchParams.get('bank') ?? '');
    case 'POST /console/transfers/match':
      return match(services, context, operator, await request.formData().catch(() => new FormData()));
    case 'GET /console/audit':
      return auditPage(context, await auditLog(services));
    case 'GET /console/refund':
      return refundForm(services, context, url.searchParams.get('payment') ?? '');
    case 'POST /console/refund':
      return refund(services, context, operator, await request.formData().catch(() => new FormData()));
    case 'GET /console/messages':
      return contactPage(context, await contactMessages(services), url.searchParams.has('marked') ? t('contact.marked') : undefined);
    case 'POST /console/messages': {
      const form = await request.formData().catch(() => new FormData());
      const marked = await markAnswered(services, operator, String(form.get('message') ?? ''), String(form.get('note') ?? ''));
      if (marked) return redirect('/console/messages?marked');
      const page = contactPage(context, await contactMessages(services), t('contact.already'));
      return new Response(page.body, { status: 409, headers: page.headers });
    }
    case 'POST /console/mail':
      return resend(services, context, operator, await request.formData().catch(() => new FormData()));
    default:
      return resolve(services, context, operator, await request.formData().catch(() => new FormData()));
  }
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
    if (error.reason === 'forbidden') return consolePage(context, t('errors.forbidden'), html`<p class="notice" role="alert">${t('attention.forbidden')}</p>`, 403);
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
  return orderPage(context, order, timelineSection(context, await orderTimeline(services, order.id), order), notice);
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
