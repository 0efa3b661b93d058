import type { GatewayType } from '@/contracts/gateways';
import { html, page } from '../../html';
import type { DemoReturn } from '../demo';
import { formatMoney } from '../money';
import { isOpen } from '../payments';
import type { Payment } from '../store';
import { TEXTS } from '../texts';
import { gatewayStatusOf, LAYOUT, PROVIDER } from './brand';

const t = TEXTS.en;

function returnNotice(result: DemoReturn | undefined) {
  if (!result) return '';
  if (!result.verified) {
    return html`<p class="bad" role="alert" data-testid="demo-return">The return was refused: ${result.reason}. Nothing was changed.</p>`;
  }
  const status = result.status ? html`<strong data-testid="demo-status">${result.status}</strong>` : html`unknown (${result.error ?? ''})`;
  return html`<div class="ok" role="status" data-testid="demo-return"><p>Back from the gateway. The return's signature verified.</p>
<p>Payment <code>${result.gatewayPaymentId}</code> is ${status}, as the gateway's signed status answer says.</p></div>`;
}

function paymentRow(type: GatewayType, payment: Payment) {
  const word = gatewayStatusOf(type, payment);
  const id = encodeURIComponent(payment.id);
  return html`<tr>
<td>${isOpen(type, payment) ? html`<a href="/sandbox/gateways/${type}/pay/${id}">${payment.id}</a>` : payment.id}</td>
<td>${payment.orderNumber}</td>
<td>${formatMoney(payment.amount, payment.currency, 'en')}</td>
<td>${word ? t.gatewayStatus[word] : ''} (${payment.status})</td>
<td>${payment.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</td>
<td><a href="/sandbox/api/gateways/${type}/payments/${id}">JSON</a></td>
</tr>`;
}

/**
 * A simulator's own page: start a payment through the real protocol without the shop, see where
 * it came back, and the latest payments. For developers and testers, so in English.
 */
export function tryItPage(
  type: GatewayType,
  payments: Payment[],
  options: { result?: DemoReturn; error?: string; status?: number } = {},
): Response {
  const provider = PROVIDER[type];
  const body = html`${LAYOUT}${provider.style}
<p><a href="/sandbox/gateways">All gateway simulators</a></p>
<h1>${provider.name} simulator — try it</h1>
${returnNotice(options.result)}
<section class="card" aria-labelledby="demo-title">
<h2 id="demo-title">Start a demo payment</h2>
<p>The simulator signs a payment request as the merchant (with the sandbox merchant key), sends it
through the site's real ${provider.name} adapter, and takes you to the payment page. The way back
leads here and is verified like the shop verifies it.</p>
${options.error ? html`<p class="bad" role="alert">${options.error}</p>` : ''}
<form method="post" action="/sandbox/gateways/${type}/demo">
<label for="demo-amount">Amount</label>
<input id="demo-amount" name="amount" inputmode="decimal" value="1234.00" required>
<label for="demo-currency">Currency</label>
<select id="demo-currency" name="currency"><option>CZK</option><option>PLN</option></select>
<label for="demo-language">Language of the payment page</label>
<select id="demo-language" name="language"><option value="cs">Čeština</option><option value="pl">Polski</option><option value="en">English</option></select>
<label for="demo-description">What is paid for</label>
<input id="demo-description" name="description" value="Hotel Praha, 2 nights" maxlength="60">
<p><button type="submit">Start a demo payment</button></p>
</form>
</section>
<section class="card" aria-labelledby="recent-title">
<h2 id="recent-title">Recent payments</h2>
${
  payments.length === 0
    ? html`<p>No payments yet.</p>`
    : html`<table><thead><tr><th scope="col">Payment</th><th scope="col">Order</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Details</th></tr></thead>
<tbody>${payments.map((payment) => paymentRow(type, payment))}</tbody></table>`
}
</section>`;
  const response = page({ lang: 'en', title: `${provider.name} simulator`, banner: t.banner, body });
  return new Response(response.body, { status: options.status ?? 200, headers: response.headers });
}
