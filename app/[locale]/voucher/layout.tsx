import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { requireLocale } from '@/lib/i18n/require-locale';

/** The messages that the browser code of the voucher purchase form and its payment step uses. */
export default async function VoucherLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return <ClientMessages locale={locale} namespaces={['common', 'errors', 'form', 'payment', 'voucherShop']}>{children}</ClientMessages>;
}
