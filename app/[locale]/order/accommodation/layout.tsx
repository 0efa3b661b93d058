import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { requireLocale } from '@/lib/i18n/require-locale';

/** The messages that the browser code of a hotel order's page (payment retry, transfer details, cancellation) uses. */
export default async function AccommodationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return <ClientMessages locale={locale} namespaces={['common', 'errors', 'hotelOrder.cancel', 'payment']}>{children}</ClientMessages>;
}
