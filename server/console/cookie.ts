import { secureCookies } from '@/lib/visitor-pass-cookie';

/**
 * The console's session cookie: HttpOnly, SameSite=Strict (no other site can make a browser send
 * it, the console's defence against cross-site requests beside the Origin check), and on https
 * a __Host- cookie (Secure, the whole host, not settable by a subdomain).
 */
export function sessionCookieName(origin: string): string {
  return origin.startsWith('https:') ? '__Host-dzb_console' : 'dzb_console';
}

/**
 * Secure on https, and outside dev and test whatever CONSOLE_URL says (an http console on
 * localhost, or one behind a proxy that speaks https for it), as every cookie of the site.
 */
function secure(origin: string, appEnv: string): string {
  return origin.startsWith('https:') || secureCookies(appEnv) ? '; Secure' : '';
}

export function sessionCookie(origin: string, appEnv: string, token: string, expiresAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${sessionCookieName(origin)}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Strict${secure(origin, appEnv)}`;
}

export function clearedSessionCookie(origin: string, appEnv: string): string {
  return `${sessionCookieName(origin)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure(origin, appEnv)}`;
}

export function sessionTokenOf(cookieHeader: string | null, origin: string): string | undefined {
  const name = sessionCookieName(origin);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}
