import createIntlMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { EXTRA_VARY_HEADER, LANGUAGE_VARY } from '@/lib/http/extra-vary';
import { LOCALE_COOKIE } from '@/lib/i18n/locale-cookie';
import { routing } from '@/lib/i18n/routing';
import { VARIANTS, type VariantKey } from '@/lib/variants';
import { secureCookies } from '@/lib/visitor-pass-cookie';
import { requestHost, siteOfHost } from '@/server/hosts';
import { isPublicFile } from '@/server/net/public-files';
import { appConfig } from '@/server/runtime';
import { BOOKING_PHOTO_ORIGIN, contentSecurityPolicy, createNonce } from '@/server/security/csp';

/**
 * One next-intl middleware per variant, each knowing only its own locales: a locale of another
 * site is then an ordinary (unknown) path here and ends in the 404 page instead of a redirect to
 * the other product, and cookie or browser-language detection cannot leave the host's locales.
 */
const intlByVariant = new Map<VariantKey, ReturnType<typeof createIntlMiddleware>>();

function intlFor(variant: VariantKey) {
  let intl = intlByVariant.get(variant);
  if (!intl) {
    const locales = VARIANTS[variant].locales;
    intl = createIntlMiddleware({
      ...routing,
      locales,
      defaultLocale: locales[0],
      domains: undefined,
    });
    intlByVariant.set(variant, intl);
  }
  return intl;
}

export default function proxy(request: NextRequest): NextResponse {
  const cfg = appConfig();
  const { variant, known } = siteOfHost(requestHost(request.headers), cfg.hosts);

  const nonce = createNonce();
  const https =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const csp = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === 'development',
    https,
    sentryDsn: cfg.sentryDsn,
    // The simulator's photos come from the address the server reaches it at.
    imageOrigins: cfg.sandbox ? [BOOKING_PHOTO_ORIGIN, new URL(cfg.selfUrl).origin] : [BOOKING_PHOTO_ORIGIN],
  });

  // Next.js reads the nonce for its own scripts from the request's CSP header.
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', csp);

  const filePath = isFilePath(request.nextUrl.pathname);
  const response = filePath ? fileResponse(request, variant, headers) : intlFor(variant)(new NextRequest(request, { headers }));
  response.headers.set('content-security-policy', csp);
  forgetLocaleCookie(response);
  // next-intl sets its cookie without Secure; the site's cookies carry it but in plain-http dev and test.
  if (https || secureCookies(cfg.appEnv)) makeCookiesSecure(response);
  redirectCaching(response);
  if (!filePath) languageFromVisitor(request, variant, response);
  // A host that is not configured serves the Czech site, but must stay out of search results.
  if (!known) response.headers.set('x-robots-tag', 'noindex, nofollow');
  // HSTS, nosniff and framing are set for every answer of the server (server/http/security-headers.ts).
  return response;
}

/**
 * next-intl answers a page whose locale differs from the remembered one with Set-Cookie of the
 * preference; a page that any visitor may get from a shared cache must carry none, so for pages
 * the browser writes the preference after load instead (components/i18n/locale-memory.tsx). A
 * redirect keeps it: no cache keeps a redirect of a prefixed default locale ("/pl/kontakt" →
 * "/kontakt"), and the path it leads to has no prefix to say the language but this cookie.
 */
function forgetLocaleCookie(response: NextResponse): void {
  if (response.status >= 300 && response.status < 400) return;
  const kept = response.headers.getSetCookie().filter((cookie) => !cookie.startsWith(`${LOCALE_COOKIE.name}=`));
  response.headers.delete('set-cookie');
  for (const cookie of kept) response.headers.append('set-cookie', cookie);
}

function makeCookiesSecure(response: NextResponse): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return;
  response.headers.delete('set-cookie');
  for (const cookie of cookies) response.headers.append('set-cookie', /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
}

/**
 * A redirect to the visitor's language depends on their languages and language cookie: it says
 * so, and a shared cache may keep it apart by them like the pages (the key a cache builds from
 * Vary never mixes two visitors' answers). One that sets the preference is kept by nobody. A
 * cache that meets a redirect without such headers is free to keep it for everyone (Varnish
 * does, for two minutes) and to send a Polish visitor to English pages.
 */
function redirectCaching(response: NextResponse): void {
  if (response.status < 300 || response.status >= 400) return;
  if (response.headers.getSetCookie().length > 0) {
    response.headers.set('cache-control', 'private, no-store');
    return;
  }
  response.headers.set('vary', 'Accept-Language, Cookie');
  response.headers.set('cache-control', `public, s-maxage=${LANGUAGE_REDIRECT_SECONDS}`);
}

/**
 * A page at a path without a locale is in the language the visitor's cookie and browser ask for
 * (or the host's first): a shared cache must keep it apart by them. Next sets Vary itself for
 * every page, so this says it in a header of ours that the page edge merges into Vary.
 */
function languageFromVisitor(request: NextRequest, variant: VariantKey, response: NextResponse): void {
  if (response.status >= 300 && response.status < 400) return;
  const locales: readonly string[] = VARIANTS[variant].locales;
  if (locales.includes(request.nextUrl.pathname.split('/')[1] ?? '')) return;
  response.headers.set(EXTRA_VARY_HEADER, LANGUAGE_VARY);
}

/** As long as a page a shared cache keeps (its pages revalidate hourly). */
const LANGUAGE_REDIRECT_SECONDS = 3600;

/** A path that names a file (its last segment has an extension): an asset or a document. */
function isFilePath(pathname: string): boolean {
  return /\.[^/]*$/.test(pathname);
}

/**
 * A file path is served as it is when public/ has the file. Otherwise it is a 404 of the host's
 * site in its language: rewritten under a locale (the one it names, or the host's first) with
 * no redirect, so the status stays 404 and the [locale] layout never sees a file name as locale.
 */
function fileResponse(request: NextRequest, variant: VariantKey, headers: Headers): NextResponse {
  const { pathname } = request.nextUrl;
  if (isPublicFile(pathname)) return NextResponse.next();
  const locales: readonly string[] = VARIANTS[variant].locales;
  const first = pathname.split('/')[1] ?? '';
  const url = request.nextUrl.clone();
  url.pathname = locales.includes(first) ? pathname : `/${locales[0]}${pathname}`;
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Pages and files: the API, health check, build manifest, simulators, Next's own files and the
  // file routes of app/ bypass it (whole first segments only, so /apiary still gets a locale).
  matcher: ['/((?!(?:api|_next|_vercel|healthz|builds|sandbox|-)(?:/|$)|(?:icon\\.svg|robots\\.txt|sitemap\\.xml)$).*)'],
};
