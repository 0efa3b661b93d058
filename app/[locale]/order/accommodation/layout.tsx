import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ErrorTextsSoon } from '@/components/ui/error-texts';
import { requireLocale } from '@/lib/i18n/require-locale';
import { languageOf } from '@/lib/variants';

/**
 * The messages that the browser code of a hotel order's page (payment retry, transfer details,
 * cancellation) uses; the error catalogue's texts come by themselves after load
 * (components/ui/error-texts.ts).
 */
export default async function AccommodationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return (
    <ClientMessages locale={locale} namespaces={['common', 'hotelOrder.cancel', 'payment']}>
      <ErrorTextsSoon language={languageOf(locale)} />
      {children}
    </ClientMessages>
  );
}
