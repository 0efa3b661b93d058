'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { browserApi, type Failure, failureOf } from '@/lib/rpc/lazy';
import type { VoucherView } from '@/lib/rpc/views';
import styles from './held-voucher.module.css';
import { VoucherCard } from './voucher-card';

/**
 * A voucher on its own page (the e-mailed link, its owner's). A held one (its code was found after
 * many wrong codes, server/vouchers/holds.ts) says so first, with the one button that releases it;
 * released, the voucher shows as usual and the confirmation takes the focus the vanished button
 * had, in a live region so it is also read out.
 */
export function HeldVoucher({ voucher: initial }: { voucher: VoucherView }) {
  const t = useTranslations('voucherCheck.held');
  const locale = useLocale();
  const [voucher, setVoucher] = useState(initial);
  const [released, setReleased] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  const done = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (released) done.current?.focus();
  }, [released]);

  const release = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { releaseVoucher } = await browserApi.shop();
      setVoucher(await releaseVoucher(locale, voucher.id));
      setReleased(true);
    } catch (error) {
      setFailure(await failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div aria-live="polite">
        {released ? (
          <p ref={done} tabIndex={-1} className={styles.released} data-testid="voucher-released">
            {t('released')}
          </p>
        ) : null}
      </div>
      {voucher.held ? (
        <section className={styles.held} aria-labelledby="voucher-held-heading">
          <h2 id="voucher-held-heading">{t('heading')}</h2>
          <p>{t('why')}</p>
          <p>{t('ifYou')}</p>
          {failure ? <ErrorMessage code={failure.code} requestId={failure.requestId} /> : null}
          <button type="button" className={fieldStyles.button} onClick={release} disabled={busy}>
            {t('release')}
          </button>
          {busy ? <Spinner label={t('releasing')} /> : null}
        </section>
      ) : null}
      <VoucherCard voucher={voucher} />
    </>
  );
}
