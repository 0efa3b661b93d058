import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Messages } from '@/lib/i18n/messages';
import { pickMessages } from '@/lib/i18n/pick-messages';
import type { Locale } from '@/lib/variants';

/** A message group ('payment'), or one group inside it ('hotelOrder.form') where the browser code asks only for that. */
export type MessagePath =
  | keyof Messages
  | { [Group in keyof Messages]: Messages[Group] extends Record<string, unknown> ? `${Group}.${keyof Messages[Group] & string}` : never }[keyof Messages];

interface Props {
  locale: Locale;
  /** The message groups the browser code below asks for (tests/unit/client-messages.test.ts checks). */
  namespaces: readonly MessagePath[];
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
  return <NextIntlClientProvider messages={pickMessages(messages as Record<string, unknown>, namespaces)}>{children}</NextIntlClientProvider>;
}
