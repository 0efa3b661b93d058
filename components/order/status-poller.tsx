'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useRouter } from '@/lib/i18n/navigation';

/** Re-reads the page while something is pending (a payment, the voucher being issued). */
export function StatusPoller({ seconds = 4 }: { seconds?: number }) {
  const router = useRouter();
  const t = useTranslations('orderStatus');
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') {
        router.refresh();
        setTicks((n) => n + 1);
      }
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [router, seconds]);
  return ticks > 0 ? <Spinner label={t('updating')} inline /> : null;
}
