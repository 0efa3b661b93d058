/** A fresh CSP nonce per request: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

interface CspOptions {
  nonce: string;
  /** `next dev` evaluates code for fast refresh and needs 'unsafe-eval'. */
  dev: boolean;
  https: boolean;
  sentryDsn?: string;
  /** Origins hotel photos come from (Booking.com's image CDN, or the simulator in sandbox mode). */
  imageOrigins?: readonly string[];
}

/** Where Booking.com serves property photos. */
export const BOOKING_PHOTO_ORIGIN = 'https://cf.bstatic.com';

/**
 * The Content-Security-Policy of every page. Scripts run only with this request's nonce
 * ('strict-dynamic' lets Next's loader add its chunks); styles allow inline attributes because
 * React renders style props; nothing may frame the site or change its base URL.
 */
export function contentSecurityPolicy({ nonce, dev, https, sentryDsn, imageOrigins = [] }: CspOptions): string {
  const connect = ["'self'"];
  if (sentryDsn) connect.push(new URL(sentryDsn).origin);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}
