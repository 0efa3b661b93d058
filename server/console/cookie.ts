/**
 * The console's session cookie: HttpOnly, SameSite=Strict (no other site can make a browser send
 * it, the console's defence against cross-site requests beside the Origin check), and on https
 * a __Host- cookie (Secure, the whole host, not settable by a subdomain).
 */
export function sessionCookieName(origin: string): string {
  return origin.startsWith('https:') ? '__Host-dzb_console' : 'dzb_console';
}

export function sessionCookie(origin: string, token: string, expiresAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  return `${sessionCookieName(origin)}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function clearedSessionCookie(origin: string): string {
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  return `${sessionCookieName(origin)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure}`;
}

export function sessionTokenOf(cookieHeader: string | null, origin: string): string | undefined {
  const name = sessionCookieName(origin);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}
