import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Messages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/variants';

interface Props {
  locale: Locale;
  /** The message groups the browser code below asks for (tests/unit/client-messages.test.ts checks). */
  namespaces: readonly (keyof Messages)[];
  children: ReactNode;
}

/**
 * Hands the browser only the message groups its components below ask for. The whole catalogue
 * would travel in every page's HTML (over 30 kB); a provider lower in the tree replaces this one
 * for its subtree, so a route's layout adds what its forms need.
 */
export async function ClientMessages({ locale, namespaces, children }: Props) {
  // A layout renders apart from its page: without this, next-intl would read the locale from the
  // request headers and turn a cached page into one rendered per request.
  setRequestLocale(locale);
  const messages = await getMessages({ locale });
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
