import 'server-only';
import { html } from '@/lib/html-template';
import { orderByNumber } from '../operators/order-lookup';
import { mailOfOrder, ResendRefused, resendMail } from '../operators/resend-mail';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { confirmForm } from './confirm-form';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

async function find(services: Services, number: string, mailId: string) {
  const order = /^\d{10}$/.test(number) ? await orderByNumber(services, number) : undefined;
  const mail = order && (await mailOfOrder(services, order.id, mailId));
  return order && mail ? { order, mail } : undefined;
}

/** The second click before an e-mail goes again: what, to whom, and why. */
export async function resendForm(services: Services, context: PageContext, number: string, mailId: string, problem?: string, reason = ''): Promise<Response> {
  const { t, operator } = context;
  const found = await find(services, number, mailId);
  if (!found) return noticePage(context, t('resend.title'), t('resend.notFound'), 404);
  const { mail } = found;
  return consolePage(
    context,
    t('resend.title'),
    html`<section><dl>
<dt>${t('resend.subject')}</dt><dd>${mail.subject}</dd>
<dt>${t('resend.to')}</dt><dd>${mail.toAddress}</dd>
<dt>${t('resend.state')}</dt><dd>${mail.status}</dd></dl>
<p>${t('resend.intro', { to: mail.toAddress, email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/mail',
  hidden: { order: number, mail: mail.id },
  reason: { label: t('resend.reasonLabel'), hint: t('resend.reasonHint'), value: reason },
  problem,
  confirm: t('resend.confirm'),
  back: { href: `/console/orders?number=${number}`, text: t('attention.back') },
})}</section>`,
    problem ? 400 : 200,
  );
}

export async function resend(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const number = String(form.get('order') ?? '');
  const mailId = String(form.get('mail') ?? '');
  const reason = String(form.get('reason') ?? '');
  const found = await find(services, number, mailId);
  if (!found) return resendForm(services, context, number, mailId);
  try {
    await resendMail(services, operator, { orderId: found.order.id, mailId, nonce: String(form.get('nonce') ?? ''), reason });
    return redirect(`/console/orders?number=${number}&resent`);
  } catch (error) {
    if (!(error instanceof ResendRefused)) throw error;
    if (error.reason === 'no_reason') return resendForm(services, context, number, mailId, context.t('resend.noReason'), reason);
    return resendForm(services, context, number, 'none');
  }
}
