import { Html, html } from '@/lib/html-template';
import type { Operator } from '../operators/roles';
import type { ConsoleLanguage, ConsoleTexts } from './texts';

/**
 * What every answer of the console carries: nothing runs but its own script, nothing frames
 * it, no search engine lists it, no cache keeps it, and no link from it tells another site
 * where it was (an enrolment link holds its token in the address). The referrer policy is
 * same-origin rather than no-referrer: under no-referrer a browser sends `Origin: null` with the
 * console's own forms, and the Origin check would refuse them.
 */
export const CONSOLE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export interface PageContext {
  language: ConsoleLanguage;
  t: ConsoleTexts;
  /** The operator signed in, if any: the header shows them and the sign-out button. */
  operator?: Operator;
}

/** A whole page of the console. */
export function consolePage(context: PageContext, title: string, body: Html, status = 200): Response {
  const { t, operator } = context;
  const signOut = operator
    ? html`<nav aria-label="${t('nav.label')}"><a href="/console">${t('nav.orders')}</a> <a href="/console/messages">${t('nav.contact')}</a> <a href="/console/audit">${t('nav.audit')}</a> <a href="/console/sessions">${t('nav.sessions')}</a>${
        operator.role === 'finance' ? html` <a href="/console/vouchers/issue">${t('nav.issue')}</a>` : ''
      }</nav>
<p>${t('home.signedInAs', { email: operator.email, role: t(`roles.${operator.role}`) })}</p>
<form method="post" action="/console/sign-out"><button type="submit">${t('home.signOut')}</button></form>`
    : '';
  const document = html`<!doctype html>
<html lang="${context.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${title} · ${t('product')}</title>
<link rel="stylesheet" href="/console/assets/console.css"><script src="/console/assets/passkey.js" defer></script></head>
<body><a class="skip" href="#main">${t('skipToContent')}</a>
<header><strong>${t('product')}</strong>${signOut}</header>
<main id="main" tabindex="-1"><h1>${title}</h1>${body}</main></body></html>`;
  return new Response(document.value, { status, headers: { ...CONSOLE_HEADERS, 'content-type': 'text/html; charset=utf-8' } });
}

/** A page that only says one thing went wrong: an action refused, something not found. */
export function noticePage(context: PageContext, title: string, text: string, status: number): Response {
  return consolePage(context, title, html`<p class="notice" role="alert">${text}</p>`, status);
}

export function consoleJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json', ...headers } });
}

export { Html };
