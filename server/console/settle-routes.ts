import 'server-only';
import { type Html, html } from '@/lib/html-template';
import type { Operator } from '../operators/roles';
import { SettleRefused, settleRefund, unknownRefund, type UnknownRefund } from '../operators/settle-refund';
import type { Services } from '../services';
import { confirmForm } from './confirm-form';
import { money } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

const refused = (context: PageContext, text: string, status: number) => noticePage(context, context.t('settle.title'), text, status);

interface Typed {
  outcome: string;
  reason: string;
  problem?: { field: 'outcome' | 'reason'; text: string };
}

function outcomeField(context: PageContext, typed: Typed): Html {
  const { t } = context;
  const problem = typed.problem?.field === 'outcome' ? typed.problem.text : undefined;
  const option = (value: 'back' | 'not_back') =>
    html`<p><input type="radio" id="outcome-${value}" name="outcome" value="${value}"${typed.outcome === value ? ' checked' : ''}${problem && value === 'back' ? ' autofocus' : ''}> <label class="inline" for="outcome-${value}">${t(`settle.outcomes.${value}`)}</label></p>`;
  return html`<fieldset${problem ? html` aria-describedby="outcome-problem"` : ''}><legend>${t('settle.outcomeLabel')}</legend>
${problem ? html`<p class="notice" id="outcome-problem" role="alert">${problem}</p>` : ''}${option('back')}${option('not_back')}</fieldset>`;
}

function settlePage(context: PageContext, refund: UnknownRefund, typed: Typed): Response {
  const { t, operator } = context;
  const back = `/console/orders?number=${refund.orderNumber}`;
  return consolePage(
    context,
    t('settle.title'),
    html`<section><dl>
<dt>${t('refund.order')}</dt><dd><a href="${back}">${refund.orderNumber}</a></dd>
<dt>${t('refund.method')}</dt><dd>${refund.methodId}</dd>
<dt>${t('settle.gatewayId')}</dt><dd>${refund.gatewayPaymentId ?? ''}</dd>
<dt>${t('settle.amount')}</dt><dd class="amount">${money(context, refund.amount, refund.currency)}</dd>
<dt>${t('settle.known')}</dt><dd>${refund.detail ?? ''}</dd></dl>
<p>${t('settle.explain')}</p>
<p>${t('settle.intro', { email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/refunds/settle',
  hidden: { refund: refund.id },
  fields: outcomeField(context, typed),
  reason: { label: t('settle.reasonLabel'), hint: t('settle.reasonHint'), value: typed.reason },
  problem: typed.problem?.field === 'reason' ? typed.problem.text : undefined,
  confirm: t('settle.confirm'),
  back: { href: '/console', text: t('attention.back') },
})}</section>`,
    typed.problem ? 400 : 200,
  );
}

/** The page that asks what finance found at the gateway about a refund of unknown outcome. */
export async function settleForm(services: Services, context: PageContext, refundId: string): Promise<Response> {
  if (context.operator?.role !== 'finance') return refused(context, context.t('settle.forbidden'), 403);
  const refund = await unknownRefund(services, refundId);
  return refund ? settlePage(context, refund, { outcome: '', reason: '' }) : refused(context, context.t('settle.notOpen'), 409);
}

export async function settle(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const refundId = String(form.get('refund') ?? '');
  const typed: Typed = { outcome: String(form.get('outcome') ?? ''), reason: String(form.get('reason') ?? '') };
  try {
    const refund = await settleRefund(services, operator, { refundId, outcome: typed.outcome, reason: typed.reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/orders?number=${refund.orderNumber}&settled`);
  } catch (error) {
    if (!(error instanceof SettleRefused)) throw error;
    if (error.reason === 'forbidden') return refused(context, t('settle.forbidden'), 403);
    const refund = error.reason === 'not_open' ? undefined : await unknownRefund(services, refundId);
    if (!refund) return refused(context, t('settle.notOpen'), 409);
    const problem = error.reason === 'no_outcome' ? ({ field: 'outcome', text: t('settle.noOutcome') } as const) : ({ field: 'reason', text: t('settle.noReason') } as const);
    return settlePage(context, refund, { ...typed, problem });
  }
}
