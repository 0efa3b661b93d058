import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ErrorTextsSoon } from '@/components/ui/error-texts';
import { requireLocale } from '@/lib/i18n/require-locale';
import { languageOf } from '@/lib/variants';

/**
 * The messages that the browser code of the hotel search (link, stay and rooms) uses. The later
 * steps have layouts of their own: each hands over only its own texts, so no step's HTML carries
 * another's (the reservation page would otherwise weigh a round trip more on a slow phone). The
 * error catalogue's texts come by themselves after load (components/ui/error-texts.ts); an error
 * the page is rendered with carries its own text.
 */
export default async function OrderSearchLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return (
    <ClientMessages locale={locale} namespaces={['charges', 'common', 'form', 'hotelSearch', 'stepUp']}>
      <ErrorTextsSoon language={languageOf(locale)} />
      {children}
    </ClientMessages>
  );
}
