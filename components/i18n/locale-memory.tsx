'use client';

import { useEffect } from 'react';
import { LOCALE_COOKIE } from '@/lib/i18n/locale-cookie';

/**
 * Remembers the language of the page being read, after load, when it is not the one remembered:
 * the browser writes the preference (lib/i18n/locale-cookie.ts), never the server's answer.
 */
export function LocaleMemory({ locale }: { locale: string }) {
  useEffect(() => {
    const { name, maxAge, sameSite } = LOCALE_COOKIE;
    const remembered = document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
    // Secure wherever the page came over https, as the site's own cookies.
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    if (remembered !== locale) document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=${sameSite}${secure}`;
  }, [locale]);
  return null;
}
