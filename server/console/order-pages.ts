import { type Html, html } from '@/lib/html-template';
import type { ConsoleOrder } from '../operators/order-lookup';
import { type FoundOrder, SEARCH_LIMIT } from '../operators/search';
import { money, when } from './format';
import { consolePage, type PageContext } from './shell';

/**
 * The console's start: what needs a person first, then the search for an order by its number.
 * `problem` is what was wrong with the number searched for; `notice` what an action just did.
 */
export function homePage(context: PageContext, parts: { attention: Html; problem?: string; query?: string; notice?: string }): Response {
  const { t } = context;
  const { problem, query = '', notice } = parts;
  return consolePage(
    context,
    t('home.title'),
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}${parts.attention}
<section aria-labelledby="find-title"><h2 id="find-title">${t('home.findTitle')}</h2>
<form method="get" action="/console/search" novalidate>
<label for="query">${t('home.findLabel')}</label>
<p class="hint" id="query-hint">${t('home.findHint')}</p>
${problem ? html`<p class="notice" id="query-problem" role="alert">${problem}</p>` : ''}
<input id="query" name="q" autocomplete="off" spellcheck="false" value="${query}" aria-describedby="query-hint${problem ? ' query-problem' : ''}"${problem ? html` aria-invalid="true" autofocus` : ''}>
<p><button type="submit">${t('home.findButton')}</button></p>
</form></section>`,
    problem ? 404 : 200,
  );
}

/** An order: its state, customer, payments (each refundable by finance), documents and timeline; `cancellable` offers finance the cancellation. */
export function orderPage(context: PageContext, order: ConsoleOrder, timeline: Html, notice?: string, cancellable = false): Response {
  const { t } = context;
  const finance = context.operator?.role === 'finance';
  const rows = order.payments.map((p) => {
    const amount = money(context, p.amount, p.currency);
    const action =
      finance && p.refundable
        ? html`<a href="/console/refund?payment=${p.id}" aria-label="${t('refund.actionLabel', { method: p.methodId, amount })}">${t('refund.action')}</a>`
        : '';
    const returned = p.refundedAmount > 0 && p.refundedAmount < p.amount ? html`<br>${t('order.refundedPart', { amount: money(context, p.refundedAmount, p.currency) })}` : '';
    return html`<tr><td>${p.methodId}</td><td>${p.status}</td><td class="amount">${amount}${returned}</td><td>${when(context, p.createdAt)}</td><td>${action}</td></tr>`;
  });
  return consolePage(
    context,
    t('order.title', { number: order.number }),
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}<section><dl>
<dt>${t('order.kind')}</dt><dd>${t(`order.kinds.${order.kind}`)}</dd>
<dt>${t('order.state')}</dt><dd>${order.status}</dd>
<dt>${t('order.site')}</dt><dd>${order.site}</dd>
<dt>${t('order.customer')}</dt><dd>${order.customerName} &lt;${order.customerEmail}&gt;</dd>
<dt>${t('order.total')}</dt><dd class="amount">${money(context, order.total, order.currency)}</dd>
<dt>${t('order.created')}</dt><dd>${when(context, order.createdAt)}</dd>
${
  order.bookingStatus
    ? html`<dt>${t('order.booking')}</dt><dd>${order.bookingStatus}${order.reservation ? html`, ${t('order.reservation', { reservation: order.reservation })}` : ''}${
        order.bookingStatus === 'PENDING' ? html` <a href="/console/orders/retry?number=${order.number}">${t('retry.action')}</a>` : ''
      }${cancellable ? html` <a href="/console/orders/cancel?number=${order.number}">${t('cancel.action')}</a>` : ''}</dd>`
    : ''
}
</dl></section>
<section aria-labelledby="payments-title"><h2 id="payments-title">${t('order.payments')}</h2>
${
  rows.length === 0
    ? html`<p>${t('order.noPayments')}</p>`
    : html`<table><thead><tr><th scope="col">${t('order.paymentMethod')}</th><th scope="col">${t('order.paymentState')}</th><th scope="col">${t('order.paymentAmount')}</th><th scope="col">${t('order.created')}</th><th scope="col">${t('order.paymentAction')}</th></tr></thead><tbody>${rows}</tbody></table>`
}
</section>
${documentsSection(context, order)}
${timeline}`,
  );
}

/** Several orders match what was searched for: the operator picks one. */
export function searchPage(context: PageContext, query: string, found: FoundOrder[]): Response {
  const { t } = context;
  const rows = found.map(
    (order) =>
      html`<tr><td><a href="/console/orders?number=${order.number}">${order.number}</a></td><td>${t(`order.kinds.${order.kind}`)}</td><td>${order.status}</td><td>${order.customer} &lt;${order.email}&gt;</td><td>${when(context, order.createdAt)}</td></tr>`,
  );
  return consolePage(
    context,
    t('search.title', { query }),
    html`<section>${found.length >= SEARCH_LIMIT ? html`<p class="notice">${t('search.limited', { count: SEARCH_LIMIT })}</p>` : ''}
<table><thead><tr><th scope="col">${t('search.number')}</th><th scope="col">${t('order.kind')}</th><th scope="col">${t('order.state')}</th><th scope="col">${t('order.customer')}</th><th scope="col">${t('search.created')}</th></tr></thead><tbody>${rows}</tbody></table>
<p><a href="/console">${t('attention.back')}</a></p></section>`,
  );
}

/** The order's PDFs as the customer got them (made from its data when opened), and its vouchers' pages. */
function documentsSection(context: PageContext, order: ConsoleOrder): Html {
  const { t } = context;
  const base = `/api/orders/${order.id}/documents`;
  const links = order.paidAt
    ? [
        html`<li><a href="${base}/invoice.pdf">${t('order.invoice')}</a></li>`,
        order.payments.some((p) => p.refundedAmount > 0) ? html`<li><a href="${base}/credit-note.pdf">${t('order.creditNote')}</a></li>` : '',
        order.reservation ? html`<li><a href="${base}/booking.pdf">${t('order.bookingPdf')}</a></li>` : '',
        ...order.vouchers.map(
          (voucher) =>
            html`<li><a href="${base}/voucher-${voucher.id}.pdf">${t('order.voucherPdf', { code: voucher.code })}</a> · <a href="/console/vouchers?code=${voucher.code}">${t('order.voucherPage', { code: voucher.code })}</a></li>`,
        ),
      ]
    : [];
  return html`<section aria-labelledby="documents-title"><h2 id="documents-title">${t('order.documents')}</h2>
${links.length === 0 ? html`<p>${t('order.noDocuments')}</p>` : html`<ul>${links}</ul>`}
</section>`;
}
