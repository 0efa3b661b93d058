import { type ContextValues, createContextKey, createContextValues, type HandlerContext } from '@connectrpc/connect';
import { HEADER_CHALLENGE_SOLUTION } from '@/lib/rpc/headers';
import type { Locale } from '@/lib/variants';
import type { RequestSite } from '../hosts';
import type { Caller } from '../security/caller';
import type { Site } from '../site';

/**
 * What the server knows about a call besides its message: the site it was made on (from the
 * request host, or handed in by the in-process client), the caller's address, and the ids that
 * tie a support ticket, a log line and a monitoring event together.
 */
const SITE = createContextKey<RequestSite>({ variant: 'cz', known: false }, { description: 'site' });
const CLIENT = createContextKey<string>('unknown', { description: 'client address' });
const REQUEST_ID = createContextKey<string>('', { description: 'request id' });
const MONITORING_SESSION = createContextKey<string>('', { description: 'monitoring session id' });
const LOCALE = createContextKey<Locale | undefined>(undefined, { description: 'checked locale' });

export function callContext(site: RequestSite, client: string): ContextValues {
  return setCallContext(createContextValues(), site, client);
}

export function setCallContext(values: ContextValues, site: RequestSite, client: string): ContextValues {
  return values.set(SITE, site).set(CLIENT, client);
}

export const siteOf = (values: ContextValues): RequestSite => values.get(SITE);
export const clientOf = (values: ContextValues): string => values.get(CLIENT);

/** Who makes the call, for budgets: the client's address and the proof of work it sent, if any. */
export function callerOf(context: HandlerContext): Caller {
  return { address: context.values.get(CLIENT), proof: context.requestHeader.get(HEADER_CHALLENGE_SOLUTION) ?? undefined };
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
