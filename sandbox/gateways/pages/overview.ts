import { html, page } from '../../html';
import { CSOB_SETTLE_AFTER_SECONDS } from '../csob/lifecycle';
import { RETRY_DELAYS_MS } from '../benefit/delivery';
import { STORNO_WINDOW_SECONDS } from '../benefit/lifecycle';
import { API_PATH } from '../demo';
import { TEXTS } from '../texts';
import { LAYOUT } from './brand';

/** /sandbox/gateways: what the gateway simulators offer, and how tests drive them. */
export function overviewPage(): Response {
  return page({
    lang: 'en',
    title: 'Payment gateway simulators',
    banner: TEXTS.en.banner,
    body: html`${LAYOUT}<h1>Payment gateway simulators</h1>
<section class="card"><h2>Try them</h2><ul>
<li><a href="/sandbox/gateways/csob">ČSOB card gateway (eAPI 1.9)</a> — API at <code>${API_PATH.csob}</code></li>
<li><a href="/sandbox/gateways/pluxee">Pluxee</a> — API at <code>${API_PATH.pluxee}</code></li>
<li><a href="/sandbox/gateways/edenred">Edenred</a> — API at <code>${API_PATH.edenred}</code></li>
<li><a href="/sandbox/gateways/mybenefit">MyBenefit (Benefit Systems)</a> — API at <code>${API_PATH.mybenefit}</code></li>
</ul></section>
<section class="card"><h2>How they behave</h2><ul>
<li>Every answer, return and notification is signed with the gateway key in the sandbox keys folder;
every request must be signed with the merchant key there (ČSOB: 401 otherwise).</li>
<li>Payments expire after their ttlSec when next read (ČSOB → 6, the others → EXPIRED).</li>
<li>ČSOB settles a captured payment (7 → 8) ${CSOB_SETTLE_AFTER_SECONDS} seconds after capture, when next read; or at once with the settle action.</li>
<li>Pluxee and Edenred notify the payment's notifyUrl after every status change and retry until a 2xx,
${RETRY_DELAYS_MS.length + 1} attempts in all, after ${RETRY_DELAYS_MS.map((ms) => ms / 1000).join(', ')} seconds; a repeated delivery keeps its eventId.
A paid payment can be cancelled for ${STORNO_WINDOW_SECONDS / 3600} hours.</li>
</ul></section>
<section class="card"><h2>JSON actions for tests</h2>
<p>Each does what the payment page does, and answers JSON instead of redirecting
(<code>{gatewayPaymentId, status, returnUrl, returnMethod, returnFields}</code>):</p>
<ul>
<li><code>POST /sandbox/api/gateways/{csob|pluxee|edenred|mybenefit}/payments/{id}/{pay|decline|expire|cancel}</code></li>
<li><code>POST /sandbox/api/gateways/csob/payments/{id}/settle</code> — 7 → 8</li>
<li><code>POST /sandbox/api/gateways/csob/payments/{id}/lose-refund-answer</code> — the next refund is made, but answered 504 (its answer lost)</li>
<li><code>POST /sandbox/api/gateways/{pluxee|edenred|mybenefit}/payments/{id}/notify</code> — delivers the latest event again (same eventId)</li>
<li><code>GET /sandbox/api/gateways/{type}/payments/{id}</code> — the payment with its events and delivery attempts</li>
</ul></section>`,
  });
}
