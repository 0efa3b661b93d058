import 'server-only';
import { type Html, html } from '@/lib/html-template';
import { RefundRefused, requestRefund } from '../operators/request-refund';
import { type RefundView, refundView } from '../operators/refund-view';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { amountValue, parseAmount } from './amount';
import { confirmForm } from './confirm-form';
import { money } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

function refused(context: PageContext, text: string, status: number): Response {
  return noticePage(context, context.t('refund.title'), text, status);
}

interface Typed {
  amount?: string;
  reason: string;
  /** What was wrong with the amount or with the reason. */
  problem?: { field: 'amount' | 'reason'; text: string };
}

/** The amount to return: a field when a part may go back, else a sentence saying what goes back. */
function amountPart(context: PageContext, payment: RefundView, typed: Typed): Html {
  const { t } = context;
  const left = money(context, payment.left, payment.currency);
  const problem = typed.problem?.field === 'amount' ? typed.problem.text : undefined;
  const notice = problem ? html`<p class="notice" id="amount-problem" role="alert">${problem}</p>` : '';
  if (payment.left === 0) return html`<p>${t('refund.retryOnly', { amount: money(context, payment.waiting, payment.currency) })}</p>${notice}`;
  if (!payment.inPart) return html`<p>${t(payment.methodId === 'voucher' ? 'refund.wholeOnlyVoucher' : 'refund.wholeOnlyGateway', { method: payment.methodId, amount: left })}</p>${notice}`;
  const hint = payment.gateway === 'csob' ? t('refund.amountHintCard', { max: left }) : t('refund.amountHint', { max: left });
  return html`<label for="amount">${t('refund.amountLabel', { currency: payment.currency })}</label>
<p class="hint" id="amount-hint">${hint}</p>
${notice}
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${typed.amount ?? amountValue(payment.left, context.language)}" required aria-describedby="amount-hint${problem ? ' amount-problem' : ''}"${problem ? html` aria-invalid="true" autofocus` : ''}>`;
}

/** The second click before money goes back: which payment, what is left, how much, and why. */
export async function refundForm(services: Services, context: PageContext, paymentId: string, typed: Typed = { reason: '' }): Promise<Response> {
  const { t, operator } = context;
  if (operator?.role !== 'finance') return refused(context, t('refund.forbidden'), 403);
  const payment = await refundView(services, paymentId);
  if (!payment) return refused(context, t('refund.notRefundable'), 409);
  const sum = (minor: number) => money(context, minor, payment.currency);
  const back = `/console/orders?number=${payment.orderNumber}`;
  return consolePage(
    context,
    t('refund.title'),
    html`<section><dl>
<dt>${t('refund.order')}</dt><dd><a href="${back}">${payment.orderNumber}</a></dd>
<dt>${t('refund.method')}</dt><dd>${payment.methodId}</dd>
<dt>${t('refund.paid')}</dt><dd class="amount">${sum(payment.paid)}</dd>
${payment.refunded > 0 ? html`<dt>${t('refund.refunded')}</dt><dd class="amount">${sum(payment.refunded)}</dd>` : ''}
${payment.waiting > 0 ? html`<dt>${t('refund.waiting')}</dt><dd class="amount">${sum(payment.waiting)}</dd>` : ''}
<dt>${t('refund.left')}</dt><dd class="amount">${sum(payment.left)}</dd></dl>
<p>${t(`refund.effects.${payment.effect}`)}</p>
<p>${t('refund.intro', { email: operator.email })}</p>
${confirmForm({
  action: '/console/refund',
  hidden: { payment: payment.id },
  fields: amountPart(context, payment, typed),
  reason: { label: t('refund.reasonLabel'), hint: t('refund.reasonHint'), value: typed.reason },
  problem: typed.problem?.field === 'reason' ? typed.problem.text : undefined,
  confirm: t('refund.confirm'),
  back: { href: back, text: t('attention.back') },
})}</section>`,
    typed.problem ? 400 : 200,
  );
}

export async function refund(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const paymentId = String(form.get('payment') ?? '');
  const typed: Typed = { reason: String(form.get('reason') ?? ''), amount: form.has('amount') ? String(form.get('amount')) : undefined };
  const payment = await refundView(services, paymentId);
  const amount = typed.amount === undefined ? undefined : (parseAmount(typed.amount) ?? Number.NaN);
  try {
    await requestRefund(services, operator, { paymentId, amount, reason: typed.reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/orders?number=${payment?.orderNumber ?? ''}&refund`);
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    if (error.reason === 'forbidden') return refused(context, t('refund.forbidden'), 403);
    if (error.reason === 'not_refundable' || !payment) return refused(context, t('refund.notRefundable'), 409);
    const max = money(context, payment.left, payment.currency);
    const problems = {
      no_reason: { field: 'reason', text: t('refund.noReason') },
      bad_amount: { field: 'amount', text: t('refund.badAmount', { currency: payment.currency, max }) },
      too_much: { field: 'amount', text: t('refund.tooMuch', { max }) },
      whole_only: { field: 'amount', text: t('refund.partRefused', { method: payment.methodId, max }) },
    } as const;
    return refundForm(services, context, paymentId, { ...typed, problem: problems[error.reason] });
  }
}
