import 'server-only';
import { html } from '@/lib/html-template';
import { orderByNumber } from '../operators/order-lookup';
import { RetryRefused, retryBooking } from '../operators/retry-booking';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { confirmForm } from './confirm-form';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

/** The second click before a stay's booking runs again: why. */
export async function retryForm(services: Services, context: PageContext, number: string, problem?: string, reason = ''): Promise<Response> {
  const { t, operator } = context;
  const order = /^\d{10}$/.test(number) ? await orderByNumber(services, number) : undefined;
  if (order?.bookingStatus !== 'PENDING') return noticePage(context, t('retry.title'), t('retry.notPending'), 409);
  return consolePage(
    context,
    t('retry.title'),
    html`<section><p>${t('retry.intro', { email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/orders/retry',
  hidden: { number: order.number, order: order.id },
  reason: { label: t('retry.reasonLabel'), hint: t('retry.reasonHint'), value: reason },
  problem,
  confirm: t('retry.confirm'),
  back: { href: `/console/orders?number=${order.number}`, text: t('attention.back') },
})}</section>`,
    problem ? 400 : 200,
  );
}

export async function retry(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const number = String(form.get('number') ?? '');
  const reason = String(form.get('reason') ?? '');
  try {
    await retryBooking(services, operator, { orderId: String(form.get('order') ?? ''), reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/orders?number=${encodeURIComponent(number)}&retried`);
  } catch (error) {
    if (!(error instanceof RetryRefused)) throw error;
    if (error.reason === 'no_reason') return retryForm(services, context, number, context.t('retry.noReason'), reason);
    return noticePage(context, context.t('retry.title'), context.t('retry.notPending'), 409);
  }
}
