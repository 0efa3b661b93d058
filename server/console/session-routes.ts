import 'server-only';
import { html } from '@/lib/html-template';
import { EndSessionRefused, endOwnSession, type OwnSession, ownSessions } from '../operators/own-sessions';
import type { Operator } from '../operators/roles';
import type { Services } from '../services';
import { clearedSessionCookie } from './cookie';
import { confirmForm } from './confirm-form';
import { when } from './format';
import { redirect } from './request';
import { consolePage, noticePage, type PageContext } from './shell';

const described = (context: PageContext, session: OwnSession) =>
  context.t(session.current ? 'sessions.describeCurrent' : 'sessions.describe', { created: when(context, session.createdAt), expires: when(context, session.expiresAt) });

/** The operator's own open sessions, each with a way to end it. */
export async function sessionsPage(services: Services, context: PageContext, operator: Operator, currentRef: string | undefined, notice?: string): Promise<Response> {
  const { t } = context;
  const sessions = await ownSessions(services, operator, currentRef);
  const rows = sessions.map(
    (session) =>
      html`<tr><td>${when(context, session.createdAt)}</td><td>${when(context, session.expiresAt)}</td><td>${session.current ? t('sessions.current') : ''}</td><td><a href="/console/sessions/end?session=${session.ref}" aria-label="${t('sessions.endLabel', { description: described(context, session) })}">${t('sessions.end')}</a></td></tr>`,
  );
  return consolePage(
    context,
    t('sessions.title'),
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}<section><p>${t('sessions.intro')}</p>
<table><thead><tr><th scope="col">${t('sessions.created')}</th><th scope="col">${t('sessions.expires')}</th><th scope="col">${t('sessions.which')}</th><th scope="col">${t('attention.action')}</th></tr></thead><tbody>${rows}</tbody></table></section>`,
  );
}

/** The second click: which session ends, and why. */
export async function endSessionForm(services: Services, context: PageContext, operator: Operator, currentRef: string | undefined, ref: string, problem?: string, reason = ''): Promise<Response> {
  const { t } = context;
  const session = (await ownSessions(services, operator, currentRef)).find((open) => open.ref === ref);
  if (!session) return noticePage(context, t('sessions.endTitle'), t('sessions.notOpen'), 409);
  return consolePage(
    context,
    t('sessions.endTitle'),
    html`<section><p>${described(context, session)}</p>
<p>${t(session.current ? 'sessions.effectCurrent' : 'sessions.effect')}</p>
${confirmForm({
  action: '/console/sessions/end',
  hidden: { session: session.ref },
  reason: { label: t('sessions.reasonLabel'), hint: t('sessions.reasonHint'), value: reason },
  problem,
  confirm: t('sessions.confirm'),
  back: { href: '/console/sessions', text: t('sessions.back') },
})}</section>`,
    problem ? 400 : 200,
  );
}

export async function endSession(services: Services, context: PageContext, operator: Operator, currentRef: string | undefined, form: FormData): Promise<Response> {
  const ref = String(form.get('session') ?? '');
  const reason = String(form.get('reason') ?? '');
  try {
    await endOwnSession(services, operator, { ref, reason, nonce: String(form.get('nonce') ?? '') });
    // The browser's own session ended: it signs in again.
    if (ref === currentRef) return redirect('/console/sign-in?signed-out', clearedSessionCookie(services.config.console.origin, services.config.appEnv));
    return redirect('/console/sessions?ended');
  } catch (error) {
    if (!(error instanceof EndSessionRefused)) throw error;
    if (error.reason === 'no_reason') return endSessionForm(services, context, operator, currentRef, ref, context.t('sessions.noReason'), reason);
    return noticePage(context, context.t('sessions.endTitle'), context.t('sessions.notOpen'), 409);
  }
}
