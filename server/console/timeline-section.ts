import { type Html, html } from '@/lib/html-template';
import type { TimelineEntry } from '../operators/timeline';
import { money, when } from './format';
import type { PageContext } from './shell';

function describe(context: PageContext, entry: TimelineEntry, currency: string): string {
  const { t } = context;
  switch (entry.kind) {
    case 'created':
      return t('timeline.created');
    case 'order':
      return entry.from === null ? t('timeline.orderCreated', { to: entry.to, reason: entry.reason }) : t('timeline.order', { from: entry.from, to: entry.to, reason: entry.reason });
    case 'payment':
      if (entry.from === null) return t('timeline.paymentCreated', { method: entry.method, to: entry.to });
      return entry.reason
        ? t('timeline.paymentReason', { method: entry.method, from: entry.from, to: entry.to, source: entry.source, reason: entry.reason })
        : t('timeline.payment', { method: entry.method, from: entry.from, to: entry.to, source: entry.source });
    case 'refund-asked':
      return t('timeline.refundAsked', { amount: money(context, entry.amount, currency), method: entry.method, reason: entry.reason });
    case 'refund-settled':
      return t(`timeline.refund.${entry.state}`, { amount: money(context, entry.amount, currency), method: entry.method, detail: entry.detail });
    case 'mail':
      return t('timeline.mail', { subject: entry.subject, to: entry.to, status: entry.status });
    case 'booking-sent':
      return t('timeline.bookingSent');
    case 'booked':
      return t('timeline.booked', { reservation: entry.reservation ?? '' });
    case 'cancel-requested':
      return t('timeline.cancelRequested');
    case 'cancel-refused':
      return t('timeline.cancelRefused');
    case 'booking-cancelled':
      return t('timeline.bookingCancelled', { fee: entry.fee === null ? '' : money(context, entry.fee, currency) });
    case 'job':
      return entry.retries > 0 ? t('timeline.jobRetried', { name: entry.name, state: entry.state, count: entry.retries }) : t('timeline.job', { name: entry.name, state: entry.state });
    case 'operator':
      return entry.reason ? t('timeline.operatorReason', { email: entry.email, action: entry.action, reason: entry.reason }) : t('timeline.operator', { email: entry.email, action: entry.action });
  }
}

/** The order's history on its console page, oldest first, as it happened. */
export function timelineSection(context: PageContext, entries: TimelineEntry[], order: { number: string; currency: string }): Html {
  const { t } = context;
  const rows = entries.map((entry) => {
    const action =
      entry.kind === 'mail'
        ? html`<a href="/console/mail?order=${order.number}&amp;mail=${entry.id}" aria-label="${t('resend.actionLabel', { subject: entry.subject })}">${t('resend.action')}</a>`
        : '';
    return html`<tr><td>${when(context, entry.at)}</td><td>${describe(context, entry, order.currency)}</td><td>${action}</td></tr>`;
  });
  return html`<section aria-labelledby="timeline-title"><h2 id="timeline-title">${t('timeline.title')}</h2>
${
  rows.length === 0
    ? html`<p>${t('timeline.empty')}</p>`
    : html`<table><thead><tr><th scope="col">${t('timeline.when')}</th><th scope="col">${t('timeline.what')}</th><th scope="col">${t('timeline.action')}</th></tr></thead><tbody>${rows}</tbody></table>`
}
</section>`;
}
