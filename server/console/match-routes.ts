import 'server-only';
import { html } from '@/lib/html-template';
import { MatchRefused, matchTransfer, unmatchedTransfer } from '../operators/match-transfer';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { money } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

const refused = (context: PageContext, text: string, status: number) => noticePage(context, context.t('match.title'), text, status);

/** The second click before statement money pays an order: which order, and why. */
export async function matchForm(services: Services, context: PageContext, bankId: string, problem?: string, values = { number: '', reason: '' }): Promise<Response> {
  const { t, operator } = context;
  if (operator?.role !== 'finance') return refused(context, t('match.forbidden'), 403);
  const transfer = await unmatchedTransfer(services, bankId);
  if (!transfer) return refused(context, t('match.notOpen'), 409);
  return consolePage(
    context,
    t('match.title'),
    html`<section><p>${t('attention.kinds.transfer_unmatched', {
      amount: money(context, transfer.amount, transfer.currency),
      account: transfer.payerAccount,
      symbol: transfer.variableSymbol,
      message: transfer.message,
      outcome: t(`attention.outcomes.${transfer.outcome as 'unknown_symbol' | 'wrong_amount' | 'not_waiting'}`),
    })}</p>
<p>${t('match.intro', { email: operator.email })}</p>
${problem ? html`<p class="notice" id="match-problem" role="alert">${problem}</p>` : ''}
<form method="post" action="/console/transfers/match" novalidate>
<input type="hidden" name="bank" value="${transfer.bankId}"><input type="hidden" name="nonce" value="${crypto.randomUUID()}">
<label for="number">${t('match.numberLabel')}</label>
<p class="hint" id="number-hint">${t('match.numberHint')}</p>
<input id="number" name="number" inputmode="numeric" autocomplete="off" value="${values.number}" required aria-describedby="number-hint${problem ? ' match-problem' : ''}">
<label for="reason">${t('match.reasonLabel')}</label>
<p class="hint" id="reason-hint">${t('match.reasonHint')}</p>
<textarea id="reason" name="reason" rows="3" maxlength="500" required aria-describedby="reason-hint${problem ? ' match-problem' : ''}">${values.reason}</textarea>
<p><button type="submit">${t('match.confirm')}</button> <a href="/console">${t('attention.back')}</a></p>
</form></section>`,
    problem ? 400 : 200,
  );
}

export async function match(services: Services, context: PageContext, operator: Operator, form: FormData): Promise<Response> {
  const { t } = context;
  const bankId = String(form.get('bank') ?? '');
  const values = { number: String(form.get('number') ?? ''), reason: String(form.get('reason') ?? '') };
  try {
    const number = await matchTransfer(services, operator, { bankId, orderNumber: values.number, reason: values.reason, nonce: String(form.get('nonce') ?? '') });
    return redirect(`/console/orders?number=${encodeURIComponent(number)}&matched`);
  } catch (error) {
    if (!(error instanceof MatchRefused)) throw error;
    if (error.reason === 'forbidden') return refused(context, t('match.forbidden'), 403);
    if (error.reason === 'not_open') return refused(context, t('match.notOpen'), 409);
    return matchForm(services, context, bankId, error.reason === 'no_reason' ? t('match.noReason') : t('match.noPayment'), values);
  }
}
