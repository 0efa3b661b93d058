import { html } from '@/lib/html-template';
import type { ContactMessage } from '../operators/contact-messages';
import { when } from './format';
import { consolePage, type PageContext } from './shell';

function status(context: PageContext, message: ContactMessage) {
  const { t } = context;
  if (!message.answered) {
    const field = `note-${message.id}`;
    return html`<p><strong>${t('contact.new')}</strong></p>
<form method="post" action="/console/messages">
<input type="hidden" name="message" value="${message.id}">
<label for="${field}">${t('contact.noteLabel')}</label>
<textarea id="${field}" name="note" rows="2" maxlength="500"></textarea>
<p><button type="submit">${t('contact.mark')}</button></p>
</form>`;
  }
  const { by, at, note } = message.answered;
  return html`<p>${note ? t('contact.answeredNote', { email: by, when: when(context, at), note }) : t('contact.answered', { email: by, when: when(context, at) })}</p>`;
}

/** The contact form's messages, each with its state and, while new, the form that marks it answered. */
export function contactPage(context: PageContext, messages: ContactMessage[], notice?: string): Response {
  const { t } = context;
  const items = messages.map(
    (message) => html`<article class="card" aria-labelledby="message-${message.id}">
<h2 id="message-${message.id}">${message.subject}</h2>
<dl><dt>${t('contact.from')}</dt><dd>${message.fullName} &lt;${message.email}&gt;</dd>
<dt>${t('contact.site')}</dt><dd>${message.site}</dd>
<dt>${t('contact.received')}</dt><dd>${when(context, message.createdAt)}</dd></dl>
<p class="message">${message.message}</p>
${status(context, message)}
</article>`,
  );
  return consolePage(
    context,
    t('contact.title'),
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}<p>${t('contact.intro')}</p>
${items.length === 0 ? html`<p>${t('contact.empty')}</p>` : items}`,
  );
}
