import { type Html, html } from '@/lib/html-template';
import { MAX_REASON } from '../operators/audit';

/**
 * The second click of every console action: the form that posts `hidden` fields (a fresh nonce
 * among them, so the same form sent twice acts once), asks why, shows what was wrong with the
 * last try, and offers the way back. `fields` goes before the reason (an order number, a date).
 */
export function confirmForm(options: {
  action: string;
  hidden: Record<string, string>;
  fields?: Html;
  reason: { label: string; hint: string; value: string };
  /** What was wrong with the reason (the field is marked and focused); other problems go in `fields`. */
  problem?: string;
  confirm: string;
  back: { href: string; text: string };
}): Html {
  const { reason, problem } = options;
  const hidden = Object.entries({ ...options.hidden, nonce: crypto.randomUUID() }).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  return html`<form method="post" action="${options.action}" novalidate>
${hidden}${options.fields ?? ''}
<label for="reason">${reason.label}</label>
<p class="hint" id="reason-hint">${reason.hint}</p>
${problem ? html`<p class="notice" id="reason-problem" role="alert">${problem}</p>` : ''}
<textarea id="reason" name="reason" rows="3" maxlength="${MAX_REASON}" required aria-describedby="reason-hint${problem ? ' reason-problem' : ''}"${problem ? html` aria-invalid="true" autofocus` : ''}>${reason.value}</textarea>
<p><button type="submit">${options.confirm}</button> <a href="${options.back.href}">${options.back.text}</a></p>
</form>`;
}
