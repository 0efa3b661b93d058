'use client';

import { useEffect } from 'react';
import { LOCALE_COOKIE, rememberLocale } from '@/lib/i18n/locale-cookie';

/**
 * Remembers the language of the page being read, after load, when it is not the one remembered:
 * the browser writes the preference (lib/i18n/locale-cookie.ts), never the server's answer.
 */
export function LocaleMemory({ locale }: { locale: string }) {
  useEffect(() => {
    const { name } = LOCALE_COOKIE;
    const remembered = document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
    if (remembered !== locale) rememberLocale(locale);
  }, [locale]);
  return null;
}
