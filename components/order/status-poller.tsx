'use client';

import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * Re-reads the page while something is pending (a payment, the booking, the voucher being
 * issued). It shows nothing of its own: the texts around it say the page updates by itself, and
 * a spinner that never stops reads as if something were stuck.
 */
export function StatusPoller({ seconds = 4 }: { seconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [router, seconds]);
  return null;
}
