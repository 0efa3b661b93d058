import { type Html, html } from '@/lib/html-template';
import { ATTENTION_ROLE, type AttentionItem, attentionSubject } from '../operators/attention';
import { confirmForm } from './confirm-form';
import { money, when } from './format';
import { consolePage, type PageContext } from './shell';

function describe(context: PageContext, item: AttentionItem): string {
  const { t } = context;
  const amount = item.facts.amount !== undefined && item.facts.currency ? money(context, item.facts.amount, item.facts.currency) : '';
  switch (item.kind) {
    case 'booking_failed': {
      const failure = item.facts.failure;
      const known = failure === 'booking_failed' || failure === 'accommodation_unavailable' || failure === 'higher_price_error';
      return t('attention.kinds.booking_failed', { failure: known ? t(`attention.failures.${failure}`) : String(failure ?? '') });
    }
    case 'price_rise': {
      const price = (minor: number | undefined) => (minor !== undefined && item.facts.currency ? money(context, minor, item.facts.currency) : '');
      return item.facts.newPrice === undefined
        ? t('attention.kinds.price_rise_unknown', { paid: price(item.facts.paidPrice) })
        : t('attention.kinds.price_rise', { paid: price(item.facts.paidPrice), price: price(item.facts.newPrice) });
    }
    case 'booking_unknown':
      return t('attention.kinds.booking_unknown');
    case 'cancellation_fee_kept': {
      const { currency } = item.facts;
      return t('attention.kinds.cancellation_fee_kept', {
        fee: currency ? money(context, item.facts.fee ?? 0, currency) : '',
        voucher: currency ? money(context, item.facts.voucher ?? 0, currency) : '',
      });
    }
    case 'cancellation_refused':
      return t('attention.kinds.cancellation_refused');
    case 'refund_waiting':
      return t('attention.kinds.refund_waiting', { amount });
    case 'refund_unknown':
      return t('attention.kinds.refund_unknown', { amount });
    case 'transfer_send_back':
      return t('attention.kinds.transfer_send_back', { amount, account: item.facts.account ?? '' });
    case 'transfer_unmatched': {
      const outcome = item.facts.outcome;
      const known = outcome === 'unknown_symbol' || outcome === 'wrong_amount' || outcome === 'not_waiting';
      return t('attention.kinds.transfer_unmatched', {
        amount,
        account: item.facts.account ?? '',
        symbol: item.facts.symbol ?? '',
        message: item.facts.message ?? '',
        outcome: known ? t(`attention.outcomes.${outcome}`) : String(outcome ?? ''),
      });
    }
    case 'voucher_held':
      return t('attention.kinds.voucher_held', { code: item.facts.code ?? '', amount, misses: item.facts.misses ?? 0 });
    case 'voucher_guessing':
      return t('attention.kinds.voucher_guessing', { misses: item.facts.misses ?? 0, held: item.facts.held ?? 0 });
  }
}

const orderCell = (context: PageContext, number: string | null) =>
  number ? html`<a href="/console/orders?number=${number}">${number}</a>` : context.t('attention.noOrder');

function resolveLabel(context: PageContext, item: AttentionItem): string {
  if (item.kind === 'transfer_unmatched') return context.t('attention.resolveLabelTransfer', { symbol: item.facts.symbol ?? '' });
  if (item.kind === 'voucher_held') return context.t('attention.resolveLabelVoucher', { code: item.facts.code ?? '' });
  if (item.kind === 'voucher_guessing') return context.t('attention.resolveLabelWave');
  return context.t('attention.resolveLabel', { number: item.orderNumber ?? '' });
}

/** The item's own way to deal with it, before marking it dealt with: matching a transfer, releasing a held voucher. */
function firstAction(context: PageContext, item: AttentionItem) {
  const { t } = context;
  if (item.kind === 'transfer_unmatched') {
    return html`<a href="/console/transfers/match?bank=${encodeURIComponent(item.id)}" aria-label="${t('match.actionLabel', { symbol: item.facts.symbol ?? '' })}">${t('match.action')}</a><br>`;
  }
  if (item.kind === 'voucher_held') {
    return html`<a href="/console/vouchers/release?hold=${item.id}" aria-label="${t('release.actionLabel', { code: item.facts.code ?? '' })}">${t('release.action')}</a><br>`;
  }
  return '';
}

/** The list that opens the console: what automation could not finish, oldest first. */
export function attentionSection(context: PageContext, items: AttentionItem[]): Html {
  const { t, operator } = context;
  const rows = items.map((item) => {
    const allowed = ATTENTION_ROLE[item.kind] === 'support' || operator?.role === 'finance';
    // A refund of unknown outcome is dealt with by settling it: marking it would leave it blocking its payment.
    const resolve =
      item.kind === 'refund_unknown'
        ? html`<a href="/console/refunds/settle?refund=${item.id}" aria-label="${t('settle.actionLabel', { number: item.orderNumber ?? '' })}">${t('settle.action')}</a>`
        : html`<a href="/console/attention?subject=${attentionSubject(item)}" aria-label="${resolveLabel(context, item)}">${t('attention.resolve')}</a>`;
    const action = allowed ? html`${firstAction(context, item)}${resolve}` : t('attention.financeOnly');
    return html`<tr><td>${when(context, item.since)}</td><td>${orderCell(context, item.orderNumber)}</td><td>${describe(context, item)}</td><td>${action}</td></tr>`;
  });
  return html`<section aria-labelledby="attention-title"><h2 id="attention-title">${t('attention.title')}</h2>
${
  rows.length === 0
    ? html`<p>${t('attention.empty')}</p>`
    : html`<table><thead><tr><th scope="col">${t('attention.since')}</th><th scope="col">${t('attention.order')}</th><th scope="col">${t('attention.what')}</th><th scope="col">${t('attention.action')}</th></tr></thead><tbody>${rows}</tbody></table>`
}
</section>`;
}

/** The second click: what marking the item does, and the reason to write. */
export function resolvePage(context: PageContext, item: AttentionItem, problem?: string, reason = ''): Response {
  const { t, operator } = context;
  return consolePage(
    context,
    t('attention.confirmTitle'),
    html`<section>
<dl><dt>${t('attention.order')}</dt><dd>${orderCell(context, item.orderNumber)}</dd>
<dt>${t('attention.since')}</dt><dd>${when(context, item.since)}</dd>
<dt>${t('attention.what')}</dt><dd>${describe(context, item)}</dd></dl>
<p>${t('attention.confirmIntro', { email: operator?.email ?? '' })}</p>
${confirmForm({
  action: '/console/attention',
  hidden: { subject: attentionSubject(item) },
  reason: { label: t('attention.reasonLabel'), hint: t('attention.reasonHint'), value: reason },
  problem,
  confirm: t('attention.confirm'),
  back: { href: '/console', text: t('attention.back') },
})}</section>`,
    problem ? 400 : 200,
  );
}
