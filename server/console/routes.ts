import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { html } from '@/lib/html-template';
import { DomainError } from '../errors';
import { normalizeHost, requestHost } from '../hosts';
import { clientAddress } from '../net/trusted-proxies';
import { ConsoleRefusal, operatorOfEnrolment } from '../operators/passkeys';
import { operatorOfSession } from '../operators/sessions';
import type { Services } from '../services';
import { sessionTokenOf } from './cookie';
import { metricsResponse, scraperShowsToken } from './metrics-route';
import { passkeyRoute } from './passkey-routes';
import { type ConsoleRequest, redirect } from './request';
import { CONSOLE_HEADERS, consoleJson, consolePage } from './shell';
import { enrolPage, signInPage } from './sign-in-pages';
import { consoleLanguage, consoleTexts } from './texts';
import { workRoute } from './work-routes';

const ASSETS: Record<string, { file: string; type: string }> = {
  '/console/assets/passkey.js': { file: 'passkey.js', type: 'text/javascript; charset=utf-8' },
  '/console/assets/console.css': { file: 'console.css', type: 'text/css; charset=utf-8' },
};
const assetCache = new Map<string, string>();

function asset(pathname: string): Response | undefined {
  const known = ASSETS[pathname];
  if (!known) return undefined;
  let body = assetCache.get(known.file);
  if (body === undefined) {
    body = readFileSync(path.join(process.cwd(), 'server/console/assets', known.file), 'utf8');
    assetCache.set(known.file, body);
  }
  return new Response(body, { headers: { ...CONSOLE_HEADERS, 'content-type': known.type, 'cache-control': 'no-cache' } });
}

/**
 * The operator console under /console, on the console's host only (CONSOLE_URL): served by the
 * server itself, outside Next, with pages written on the server and one small script for
 * passkeys. Every page but sign-in and enrolment needs a session; every POST must come from
 * the console's own origin (with the SameSite=Strict cookie, its defence against CSRF).
 */
export function consoleRoutes(services: Services) {
  const { origin, host } = services.config.console;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // A scraper reads each replica by its own address: with the token, metrics answer on any host.
    if (url.pathname === '/console/metrics' && request.method === 'GET' && scraperShowsToken(services, request)) return metricsResponse(services, request, undefined);
    if (normalizeHost(requestHost(request.headers) ?? '') !== host) return new Response('Not found', { status: 404, headers: CONSOLE_HEADERS });
    // The stylesheet and the script are the same for everyone: no session is looked up for them.
    const found = request.method === 'GET' ? asset(url.pathname) : undefined;
    if (found) return found;
    const language = consoleLanguage(request.headers.get('accept-language'));
    const t = consoleTexts(language);
    const token = sessionTokenOf(request.headers.get('cookie'), origin);
    const operator = await operatorOfSession(services, token);
    const call: ConsoleRequest = {
      request,
      url,
      context: { language, t, operator },
      operator,
      token,
      client: clientAddress(request.headers.get('x-forwarded-for'), services.config.trustedProxies),
    };
    if (request.method === 'POST' && request.headers.get('origin') !== origin) return consoleJson({ message: t('errors.forbidden') }, 403);
    try {
      if (request.method === 'GET') {
        if (url.pathname === '/console/sign-in') {
          return operator ? redirect('/console') : signInPage(call.context, url.searchParams.has('signed-out') ? t('signIn.signedOut') : undefined);
        }
        if (url.pathname === '/console/metrics') return await metricsResponse(services, request, operator);
        if (url.pathname === '/console/enrol') {
          const link = url.searchParams.get('token') ?? '';
          return enrolPage(call.context, link, link ? await operatorOfEnrolment(services, link) : undefined);
        }
      }
      return (await passkeyRoute(services, call)) ?? (await workRoute(services, call)) ?? consolePage(call.context, t('errors.notFound'), html``, 404);
    } catch (error) {
      if (error instanceof ConsoleRefusal) {
        // A failed ceremony is the visitor's problem, not the site's: logged, not reported.
        console.info(JSON.stringify({ event: 'console-refusal', path: url.pathname, client: call.client, detail: error.message }));
        const message = error.reason === 'sign_in_failed' ? t('signIn.failed') : error.reason === 'enrolment_invalid' ? t('enrol.invalid') : t('enrol.failed');
        return consoleJson({ message }, 400);
      }
      if (error instanceof DomainError && error.code === 'too_many_requests') {
        const seconds = error.hints.retryAfterSeconds ?? 60;
        return consoleJson({ message: t('errors.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }) }, 429, { 'retry-after': String(seconds) });
      }
      throw error;
    }
  };
}
