import { type ContextValues, createContextKey, createContextValues, type HandlerContext } from '@connectrpc/connect';
import { HEADER_CHALLENGE_SOLUTION } from '@/lib/rpc/headers';
import type { Locale } from '@/lib/variants';
import type { RequestSite } from '../hosts';
import type { Caller } from '../security/caller';
import { passCookie, passOfCookieHeader } from '@/lib/visitor-pass-cookie';
import type { Site } from '../site';

/**
 * What the server knows about a call besides its message: the site it was made on (from the
 * request host, or handed in by the in-process client), the visitor (address, and the pass a
 * page hands in; over HTTP the pass is the request's cookie), and the ids that tie a support
 * ticket, a log line and a monitoring event together.
 */
const SITE = createContextKey<RequestSite>({ variant: 'cz', known: false }, { description: 'site' });
const CLIENT = createContextKey<string | undefined>(undefined, { description: 'client address' });
const PASS = createContextKey<string | undefined>(undefined, { description: "a page's visitor's pass" });
const SECURE_COOKIES = createContextKey<boolean>(true, { description: 'cookies set only over https' });
const REQUEST_ID = createContextKey<string>('', { description: 'request id' });
const MONITORING_SESSION = createContextKey<string>('', { description: 'monitoring session id' });
const LOCALE = createContextKey<Locale | undefined>(undefined, { description: 'checked locale' });

/** Who calls, as the edge knows it: their address, a page's visitor's pass, whether cookies must be Secure. */
export interface CallVisitor {
  client: string | undefined;
  pass?: string;
  secureCookies?: boolean;
}

export function callContext(site: RequestSite, visitor: CallVisitor): ContextValues {
  return setCallContext(createContextValues(), site, visitor);
}

export function setCallContext(values: ContextValues, site: RequestSite, visitor: CallVisitor): ContextValues {
  return values
    .set(SITE, site)
    .set(CLIENT, visitor.client)
    .set(PASS, visitor.pass)
    .set(SECURE_COOKIES, visitor.secureCookies ?? true);
}

export const siteOf = (values: ContextValues): RequestSite => values.get(SITE);
export const clientOf = (values: ContextValues): string => values.get(CLIENT) ?? 'unknown';

/**
 * Who makes the call, for budgets: the visitor's address, their pass (handed in by a page, or the
 * request's cookie), the proof of work sent, and how to hand them a new pass (a cookie on the answer).
 */
export function callerOf(context: HandlerContext): Caller {
  const { values } = context;
  return {
    address: values.get(CLIENT),
    pass: values.get(PASS) ?? passOfCookieHeader(context.requestHeader.get('cookie')),
    proof: context.requestHeader.get(HEADER_CHALLENGE_SOLUTION) ?? undefined,
    grantPass: (pass) => context.responseHeader.append('set-cookie', passCookie(pass, values.get(SECURE_COOKIES))),
  };
}
export const requestIdOf = (values: ContextValues): string => values.get(REQUEST_ID);
export const monitoringSessionOf = (values: ContextValues): string => values.get(MONITORING_SESSION);

export function setRequestIds(values: ContextValues, requestId: string, session: string | undefined) {
  values.set(REQUEST_ID, requestId);
  if (session) values.set(MONITORING_SESSION, session);
}

export function setCheckedLocale(values: ContextValues, locale: Locale) {
  values.set(LOCALE, locale);
}

/** The site and language of a call whose product_variant has been checked against its host. */
export type CallSite = Site;

export function callSiteOf(values: ContextValues): CallSite {
  const locale = values.get(LOCALE);
  if (!locale) throw new Error('callSiteOf: the call carries no checked product_variant');
  return { variant: values.get(SITE).variant, locale };
}
