import createIntlMiddleware from 'next-intl/middleware';
import { NextRequest, type NextResponse } from 'next/server';
import { routing } from '@/lib/i18n/routing';
import { VARIANTS, type VariantKey } from '@/lib/variants';
import { requestHost, siteOfHost } from '@/server/hosts';
import { appConfig } from '@/server/runtime';
import { BOOKING_PHOTO_ORIGIN, contentSecurityPolicy, createNonce } from '@/server/security/csp';
import { HEADER_HOST_KNOWN, HEADER_NONCE } from '@/server/security/request-headers';

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
  headers.set(HEADER_NONCE, nonce);
  headers.set(HEADER_HOST_KNOWN, known ? '1' : '0');

  const response = intlFor(variant)(new NextRequest(request, { headers }));
  response.headers.set('content-security-policy', csp);
  if (https) {
    response.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
  return response;
}

export const config = {
  // Pages only: the API, health check, build manifest, simulators and files with an extension
  // bypass it (whole first segments only, so a page such as /apiary still gets a locale).
  matcher: ['/((?!(?:api|_next|_vercel|healthz|builds|sandbox)(?:/|$)|.*\\..*).*)'],
};
