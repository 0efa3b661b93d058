import { redirect } from '../http';
import { html, page } from '../../html';
import type { ReturnTarget } from '../actions';
import { type PageLanguage, TEXTS } from '../texts';

/**
 * Sends the browser back to the shop: a 303 for GET returns; for POST returns a form that
 * submits itself, with a visible button for browsers without JavaScript.
 */
export function sendBrowserBack(target: ReturnTarget, language: PageLanguage): Response {
  if (target.method === 'GET') return redirect(target.url);
  const t = TEXTS[language];
  return page({
    lang: language,
    title: t.returning,
    banner: t.banner,
    body: html`<h1>${t.returning}</h1>
<form method="post" action="${target.url}" id="gateway-return" class="card">
${Object.entries(target.fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<p>${t.noScript}</p>
<button type="submit">${t.continueToShop}</button>
</form>
<script>document.getElementById('gateway-return').submit();</script>`,
  });
}
