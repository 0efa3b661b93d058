import { html } from '@/lib/html-template';
import type { Operator } from '../operators/roles';
import { consolePage, type PageContext } from './shell';

/** The sign-in page: one button that asks the browser for a passkey of this console. */
export function signInPage(context: PageContext, notice?: string): Response {
  const { t } = context;
  return consolePage(
    context,
    t('signIn.title'),
    html`<section>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
<p>${t('signIn.intro')}</p>
<form data-passkey="sign-in" data-working="${t('signIn.working')}" data-failed="${t('signIn.failed')}" data-unsupported="${t('signIn.unsupported')}">
<button type="submit">${t('signIn.button')}</button>
</form>
<p id="passkey-status" role="status" aria-live="polite"></p>
</section>`,
  );
}

/** The page an enrolment link opens: creates a passkey, or says the link is no good. */
export function enrolPage(context: PageContext, token: string, operator: Operator | undefined): Response {
  const { t } = context;
  if (!operator) return consolePage(context, t('enrol.title'), html`<section><p class="notice" role="alert">${t('enrol.invalid')}</p></section>`, 410);
  return consolePage(
    context,
    t('enrol.title'),
    html`<section>
<p>${t('enrol.intro', { email: operator.email })}</p>
<form data-passkey="enrol" data-token="${token}" data-working="${t('enrol.working')}" data-failed="${t('enrol.failed')}" data-unsupported="${t('signIn.unsupported')}">
<button type="submit">${t('enrol.button')}</button>
</form>
<p id="passkey-status" role="status" aria-live="polite"></p>
</section>`,
  );
}
