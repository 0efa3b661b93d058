/**
 * The visitor's language preference: a cookie the server reads to choose the language of a path
 * without a locale prefix, and that only the browser writes (components/i18n/locale-memory.tsx),
 * so no page a shared cache may keep ever carries Set-Cookie.
 */
export const LOCALE_COOKIE = { name: 'i18n_redirected', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax' } as const;
