import type { GatewayType } from '@/contracts/gateways';
import { Html, html, page } from '../../html';
import { formatMoney } from '../money';
import { isOpen } from '../payments';
import type { Payment } from '../store';
import { LANGUAGE_NAME, PAGE_LANGUAGES, type PageLanguage, TEXTS } from '../texts';
import { gatewayStatusOf, LAYOUT, PROVIDER } from './brand';

function languageLinks(current: PageLanguage, label: string): Html {
  return html`<nav class="languages" aria-label="${label}">${PAGE_LANGUAGES.map(
    (language) =>
      html`<a href="?lang=${language}" lang="${language}" hreflang="${language}"${language === current ? new Html(' aria-current="true"') : ''}>${LANGUAGE_NAME[language]}</a>`,
  )}</nav>`;
}

/**
 * The provider's payment page: who is paid, for which order, how much, and the simulated
 * outcomes. The buttons post back here; the customer then goes back to the shop.
 */
export function payPage(type: GatewayType, payment: Payment | undefined, language: PageLanguage, status = 200): Response {
  const t = TEXTS[language];
  const provider = PROVIDER[type];
  const title = type === 'csob' ? t.cardTitle : t.benefitTitle(provider.name);
  if (!payment) {
    const response = page({ lang: language, title: provider.name, banner: t.banner, body: html`${provider.style}<h1>${t.notFound}</h1>` });
    return new Response(response.body, { status: 404, headers: response.headers });
  }
  const word = gatewayStatusOf(type, payment);
  const statusText = `${word ? t.gatewayStatus[word] : ''} (${payment.status})`;
  const open = isOpen(type, payment);
  const body = html`${LAYOUT}${provider.style}
${languageLinks(language, t.languages)}
<section class="card" aria-labelledby="pay-title">
<p class="brand">${provider.name}</p>
<h1 id="pay-title">${title}</h1>
<dl class="facts">
<dt>${t.merchant}</dt><dd>${payment.merchantId}</dd>
<dt>${t.orderNumber}</dt><dd data-testid="order-number">${payment.orderNumber}</dd>
<dt>${t.amount}</dt><dd><strong data-testid="amount">${formatMoney(payment.amount, payment.currency, language)}</strong></dd>
${payment.description ? html`<dt>${t.description}</dt><dd>${payment.description}</dd>` : ''}
<dt>${t.status}</dt><dd data-testid="status">${statusText}</dd>
</dl>
<p>${type === 'csob' ? t.testCard : t.benefitAccount}</p>
</section>
${
  open
    ? html`<form method="post" class="card"><input type="hidden" name="lang" value="${language}">
<fieldset><legend>${t.outcome}</legend><div class="actions">
<button type="submit" name="action" value="pay">${t.pay}</button>
<button type="submit" name="action" value="decline" class="secondary">${t.decline}</button>
<button type="submit" name="action" value="expire" class="secondary">${t.expire}</button>
<button type="submit" name="action" value="cancel" class="secondary">${t.cancel}</button>
</div></fieldset></form>`
    : html`<div class="card"><p class="notice" role="status">${t.notOpen(statusText)}</p>
<form method="post"><input type="hidden" name="lang" value="${language}">
<button type="submit" name="action" value="return">${t.backToShop}</button></form></div>`
}`;
  const response = page({ lang: language, title: `${provider.name} — ${title}`, banner: t.banner, body });
  return new Response(response.body, { status, headers: response.headers });
}
