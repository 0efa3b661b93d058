/** The cookie a visitor's pass travels in (server/security/visitor-pass.ts signs and checks it). */
export const PASS_COOKIE = 'dzb_pass';
/** How long a pass holds: long enough for a stay's whole funnel and its status pages. */
export const PASS_DAYS = 30;

/** The Set-Cookie value of a pass: HttpOnly, first-party, Secure wherever the site is served over https. */
export function passCookie(token: string, secure: boolean): string {
  return `${PASS_COOKIE}=${token}; Path=/; Max-Age=${PASS_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether the site's cookies must be Secure: everywhere but plain-http development and tests. */
export function secureCookies(appEnv: string): boolean {
  return appEnv !== 'dev' && appEnv !== 'test';
}

/** The pass in a Cookie header, if any. */
export function passOfCookieHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PASS_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
