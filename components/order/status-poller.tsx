'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { browserApi } from '@/lib/rpc/lazy';
import type { Locale } from '@/lib/variants';

/** The order a status page shows, at the version it shows it (OrderDetailResponse.version). */
export interface ShownOrder {
  orderId: string;
  version: string;
}

/**
 * Re-reads the page when its order has changed, while something is pending (a payment, the
 * booking, the voucher being issued): it asks the API every few seconds whether the order moved
 * past the version shown, which costs the server one lookup of a number, and only then renders
 * the page again. A poll that fails (offline) is simply asked again at the next tick. It shows
 * nothing of its own: the texts around it say the page updates by itself, and a spinner that
 * never stops reads as if something were stuck.
 */
export function StatusPoller({ shown, seconds = 4 }: { shown: ShownOrder; seconds?: number }) {
  const router = useRouter();
  const locale = useLocale() as Locale;
  const { orderId, version } = shown;
  useEffect(() => {
    let asking = false;
    const timer = window.setInterval(() => {
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      browserApi
        .orderPoll()
        .then(({ orderChanged }) => orderChanged(locale, orderId, version))
        .then((changed) => {
          if (changed) router.refresh();
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [router, locale, orderId, version, seconds]);
  return null;
}
