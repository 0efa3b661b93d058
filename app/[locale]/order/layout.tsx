import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { requireLocale } from '@/lib/i18n/require-locale';

/** The messages that the browser code of the hotel search, the order form with its payment step and the order pages uses. */
export default async function OrderLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return <ClientMessages locale={locale} namespaces={['charges', 'common', 'errors', 'form', 'hotelSearch', 'hotelOrder', 'payment']}>{children}</ClientMessages>;
}
