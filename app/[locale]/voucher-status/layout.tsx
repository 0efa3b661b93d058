import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { requireLocale } from '@/lib/i18n/require-locale';

/** The messages that the browser code of the voucher check form and the release of a held voucher use. */
export default async function VoucherStatusLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = requireLocale((await params).locale);
  return <ClientMessages locale={locale} namespaces={['common', 'errors', 'voucherCheck']}>{children}</ClientMessages>;
}
