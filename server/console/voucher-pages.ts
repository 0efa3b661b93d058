import { formatDeadline } from '@/lib/deadline';
import { html } from '@/lib/html-template';
import { pragueToday } from '@/lib/prague-time';
import type { ConsoleVoucher } from '../operators/voucher-admin';
import { voucherState } from '../vouchers/state';
import { money, when } from './format';
import { consolePage, type PageContext } from './shell';

const orderLink = (number: string | null) => (number ? html`<a href="/console/orders?number=${number}">${number}</a>` : '');

function source(context: PageContext, voucher: ConsoleVoucher) {
  const { t } = context;
  if (voucher.source === 'purchase' || voucher.source === 'compensation') {
    return html`${t(`voucher.sources.${voucher.source}`)} ${orderLink(voucher.sourceNumber)}`;
  }
  if (voucher.source === 'operator') return t('voucher.sources.operator', { email: voucher.recipient ?? '' });
  return t('voucher.sources.bonus');
}

/** A voucher: what it is worth, until when, where it came from and every movement of its value. */
export function voucherPage(context: PageContext, voucher: ConsoleVoucher, now: Date, soonDays: number, notice?: string): Response {
  const { t, operator } = context;
  const state = voucherState(voucher, now, soonDays);
  const rows = voucher.ledger.map(
    (entry) =>
      html`<tr><td>${when(context, entry.at)}</td><td>${t(`voucher.kinds.${entry.kind}`)}</td><td class="amount">${money(context, entry.amount, voucher.currency)}</td><td>${orderLink(entry.orderNumber)}</td></tr>`,
  );
  return consolePage(
    context,
    t('voucher.title', { code: voucher.code }),
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}<section><dl>
<dt>${t('voucher.value')}</dt><dd class="amount">${money(context, voucher.total, voucher.currency)}</dd>
<dt>${t('voucher.balance')}</dt><dd class="amount">${money(context, voucher.balance, voucher.currency)}</dd>
<dt>${t('voucher.validFrom')}</dt><dd>${when(context, voucher.validFrom)}</dd>
<dt>${t('voucher.validTo')}</dt><dd>${formatDeadline(voucher.validTo, context.language)}</dd>
<dt>${t('voucher.state')}</dt><dd>${t(`voucher.states.${state}`)}${voucher.active ? '' : html` (${t('voucher.inactive')})`}</dd>
<dt>${t('voucher.source')}</dt><dd>${source(context, voucher)}</dd>
${
  voucher.hold
    ? html`<dt>${t('attention.what')}</dt><dd>${t('release.held', { since: when(context, voucher.hold.heldAt), misses: voucher.hold.unexplainedMisses })} <a href="/console/vouchers/release?hold=${voucher.hold.id}" aria-label="${t('release.actionLabel', { code: voucher.code })}">${t('release.action')}</a></dd>`
    : ''
}
</dl>
${operator?.role === 'finance' ? html`<p><a href="/console/vouchers/extend?code=${voucher.code}">${t('voucher.extend')}</a></p>` : ''}
</section>
<section aria-labelledby="ledger-title"><h2 id="ledger-title">${t('voucher.ledger')}</h2>
<table><thead><tr><th scope="col">${t('voucher.when')}</th><th scope="col">${t('voucher.state')}</th><th scope="col">${t('voucher.amount')}</th><th scope="col">${t('voucher.order')}</th></tr></thead><tbody>${rows}</tbody></table>
</section>`,
  );
}

/** The second click before a voucher's end moves: the new last day, and why. */
export function extendPage(context: PageContext, voucher: ConsoleVoucher, now: Date, problem?: string, values = { until: '', reason: '' }): Response {
  const { t, operator } = context;
  const field = (name: 'until' | 'reason') => (problem && (name === 'reason' ? problem === t('voucher.noReason') : problem === t('voucher.badDate')) ? html` aria-invalid="true" autofocus` : '');
  return consolePage(
    context,
    t('voucher.extendTitle', { code: voucher.code }),
    html`<section><dl><dt>${t('voucher.validTo')}</dt><dd>${formatDeadline(voucher.validTo, context.language)}</dd></dl>
<p>${t('voucher.extendIntro', { email: operator?.email ?? '' })}</p>
${problem ? html`<p class="notice" id="extend-problem" role="alert">${problem}</p>` : ''}
<form method="post" action="/console/vouchers/extend" novalidate>
<input type="hidden" name="voucher" value="${voucher.id}"><input type="hidden" name="code" value="${voucher.code}"><input type="hidden" name="nonce" value="${crypto.randomUUID()}">
<label for="until">${t('voucher.untilLabel')}</label>
<p class="hint" id="until-hint">${t('voucher.untilHint')}</p>
<input id="until" name="until" type="date" min="${pragueToday(now)}" value="${values.until}" required aria-describedby="until-hint${problem ? ' extend-problem' : ''}"${field('until')}>
<label for="reason">${t('voucher.reasonLabel')}</label>
<p class="hint" id="reason-hint">${t('voucher.reasonHint')}</p>
<textarea id="reason" name="reason" rows="3" maxlength="500" required aria-describedby="reason-hint${problem ? ' extend-problem' : ''}"${field('reason')}>${values.reason}</textarea>
<p><button type="submit">${t('voucher.confirm')}</button> <a href="/console/vouchers?code=${voucher.code}">${t('attention.back')}</a></p>
</form></section>`,
    problem ? 400 : 200,
  );
}
