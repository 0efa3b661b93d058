import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { requireLocale } from '@/lib/i18n/require-locale';

/** The messages that the browser code of the order form (orderer, guest, extras, payment, recap) uses. */
export default async function ReservationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return (
    <ClientMessages
      locale={locale}
      namespaces={['charges', 'common', 'errors', 'form', 'hotelOrder.expired', 'hotelOrder.form', 'hotelOrder.guest', 'hotelOrder.options', 'hotelOrder.priceDetails', 'payment']}
    >
      {children}
    </ClientMessages>
  );
}
