'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useRouter } from '@/lib/i18n/navigation';
import { browserApi, type Failure, failureOf } from '@/lib/rpc/lazy';

/** Pays a failed part again: a new attempt, then straight to its gateway (or the transfer details). */
export function RetryButton({ orderId, paymentId }: { orderId: string; paymentId: string }) {
  const t = useTranslations('payment');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  return (
    <>
      <button
        type="button"
        className={fieldStyles.button}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailure(undefined);
          try {
            const { retryPayment } = await browserApi.shop();
            const payment = await retryPayment(locale, orderId, paymentId);
            if (payment.gatewayUrl) window.location.assign(payment.gatewayUrl);
            else router.refresh();
          } catch (error) {
            setFailure(await failureOf(error));
            setBusy(false);
          }
        }}
      >
        {t('payAgain')}
      </button>
      {busy ? <Spinner label={t('redirecting')} inline /> : null}
      {failure ? <ErrorMessage code={failure.code} requestId={failure.requestId} /> : null}
    </>
  );
}
