import 'server-only';
import { html } from '@/lib/html-template';
import { openHold, ReleaseRefused, releaseByOperator } from '../operators/release-voucher';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { confirmForm } from './confirm-form';
import { money, when } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

/** The second click before a held voucher's code works again: what the hold is, and why release it. */
export async function releaseForm(services: Services, context: PageContext, holdId: string, problem?: string, reason = ''): Promise<Response> {
  const { t, operator } = context;
  const hold = await openHold(services, holdId);
  if (!hold) return noticePage(context, t('attention.confirmTitle'), t('release.notOpen'), 409);
  return consolePage(
    context,
    t('release.title', { code: hold.code }),
    html`<section><dl>
<dt>${t('voucher.balance')}</dt><dd class="amount">${money(context, hold.balance, hold.currency)}</dd>
<dt>${t('voucher.state')}</dt><dd>${t('release.held', { since: when(context, hold.heldAt), misses: hold.unexplainedMisses })}</dd>
</dl>
<p><a href="/console/vouchers?code=${hold.code}">${t('voucher.title', { code: hold.code })}</a></p>
<p>${t('release.intro', { email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/vouchers/release',
  hidden: { hold: hold.id },
  reason: { label: t('release.reasonLabel'), hint: t('release.reasonHint'), value: reason },
  problem,
  confirm: t('release.confirm'),
  back: { href: '/console', text: t('attention.back') },
})}</section>`,
    problem ? 400 : 200,
  );
}

export async function release(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const holdId = String(form.get('hold') ?? '');
  const reason = String(form.get('reason') ?? '');
  try {
    const code = await releaseByOperator(services, operator, { holdId, reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/vouchers?code=${code}&released`);
  } catch (error) {
    if (!(error instanceof ReleaseRefused)) throw error;
    if (error.reason === 'no_reason') return releaseForm(services, context, holdId, context.t('release.noReason'), reason);
    return noticePage(context, context.t('attention.confirmTitle'), context.t('release.notOpen'), 409);
  }
}
