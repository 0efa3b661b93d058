import 'server-only';
import { html } from '@/lib/html-template';
import { RefundRefused, refundablePayment, requestRefund } from '../operators/request-refund';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { money } from './format';
import { confirmForm } from './confirm-form';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

function refused(context: PageContext, text: string, status: number): Response {
  return noticePage(context, context.t('refund.title'), text, status);
}

/** The second click before money goes back: which payment, how much, and why. */
export async function refundForm(services: Services, context: PageContext, paymentId: string, problem?: string, reason = ''): Promise<Response> {
  const { t, operator } = context;
  if (operator?.role !== 'finance') return refused(context, t('refund.forbidden'), 403);
  const payment = await refundablePayment(services, paymentId);
  if (!payment) return refused(context, t('refund.notRefundable'), 409);
  return consolePage(
    context,
    t('refund.title'),
    html`<section><dl>
<dt>${t('refund.order')}</dt><dd><a href="/console/orders?number=${payment.orderNumber}">${payment.orderNumber}</a></dd>
<dt>${t('refund.method')}</dt><dd>${payment.methodId}</dd>
<dt>${t('refund.amount')}</dt><dd class="amount">${money(context, payment.amount, payment.currency)}</dd></dl>
<p>${t('refund.intro', { email: operator.email })}</p>
${confirmForm({
  action: '/console/refund',
  hidden: { payment: payment.id },
  reason: { label: t('refund.reasonLabel'), hint: t('refund.reasonHint'), value: reason },
  problem,
  confirm: t('refund.confirm'),
  back: { href: `/console/orders?number=${payment.orderNumber}`, text: t('attention.back') },
})}</section>`,
    problem ? 400 : 200,
  );
}

export async function refund(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const paymentId = String(form.get('payment') ?? '');
  const reason = String(form.get('reason') ?? '');
  const payment = await refundablePayment(services, paymentId);
  try {
    await requestRefund(services, operator, { paymentId, reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/orders?number=${payment?.orderNumber ?? ''}&refund`);
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    if (error.reason === 'forbidden') return refused(context, t('refund.forbidden'), 403);
    if (error.reason === 'no_reason') return refundForm(services, context, paymentId, t('refund.noReason'), reason);
    return refused(context, t('refund.notRefundable'), 409);
  }
}
