import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ErrorTextsSoon } from '@/components/ui/error-texts';
import { requireLocale } from '@/lib/i18n/require-locale';
import { languageOf } from '@/lib/variants';

/**
 * The messages that the browser code of the order form (orderer, guest, extras, payment, recap)
 * uses; the error catalogue's texts come by themselves after load (components/ui/error-texts.ts).
 */
export default async function ReservationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return (
    <ClientMessages
      locale={locale}
      namespaces={['charges', 'common', 'form', 'hotelOrder.expired', 'hotelOrder.form', 'hotelOrder.guest', 'hotelOrder.options', 'hotelOrder.priceDetails', 'payment', 'stepUp']}
    >
      <ErrorTextsSoon language={languageOf(locale)} />
      {children}
    </ClientMessages>
  );
}
