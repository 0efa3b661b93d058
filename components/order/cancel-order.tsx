'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import type { CompensationView } from '@/lib/rpc/hotel-order-views';
import { browserApi, type Failure, failureOf } from '@/lib/rpc/lazy';
import type { MoneyView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './cancel-order.module.css';

/**
 * Cancelling a stay: what it costs and what comes back (the compensation voucher), confirmed in a
 * modal dialog because it cannot be undone; afterwards the voucher that was issued. It stays
 * mounted across the page's refresh so the result and focus survive it.
 */
export function CancelOrder({
  orderId,
  terms,
  compensation,
  voucherId,
}: {
  orderId: string;
  /** Present while the order may be cancelled. */
  terms?: { fee: MoneyView; voucherValue: MoneyView; freeUntil?: string };
  /** The voucher issued by an earlier cancellation. */
  compensation?: CompensationView;
  voucherId?: string;
}) {
  const t = useTranslations('hotelOrder.cancel');
  const format = useFormatter();
  const language = languageOf(useLocale());
  const locale = useLocale();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  const [result, setResult] = useState<{ voucher?: CompensationView } | undefined>();
  const money = (value: MoneyView) => formatMoney(value.amount, value.currency as Currency, language);

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const voucher = result?.voucher ?? compensation;
  if (result || compensation) {
    return (
      <section className={styles.result} aria-labelledby="cancel-result">
        <h2 id="cancel-result" ref={resultHeading} tabIndex={-1}>
          {t('doneHeading')}
        </h2>
        {voucher ? (
          <>
            <p data-testid="compensation-voucher">{t('voucher', { code: voucher.code, value: money(voucher.value) })}</p>
            {voucher.validTo ? <p>{t('voucherValidTo', { date: format.dateTime(new Date(voucher.validTo), { dateStyle: 'long' }) })}</p> : null}
            {voucherId ? (
              <p>
                <Link href={{ pathname: '/voucher-status/[id]', params: { id: voucherId } }}>{t('voucherLink')}</Link>
              </p>
            ) : null}
          </>
        ) : (
          <p>{t('noVoucher')}</p>
        )}
      </section>
    );
  }
  if (!terms) return null;

  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { cancelHotelOrder } = await browserApi.hotelOrder();
      const answer = await cancelHotelOrder(locale, orderId);
      dialog.current?.close();
      setResult({ voucher: answer.voucher });
      router.refresh();
    } catch (error) {
      setFailure(await failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.cancel} aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{t('heading')}</h2>
      <p>
        {terms.freeUntil
          ? t('freeUntil', { date: format.dateTime(new Date(terms.freeUntil), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' }) })
          : t('anyTime')}
      </p>
      <p data-testid="cancel-terms">{t('terms', { fee: money(terms.fee), value: money(terms.voucherValue) })}</p>
      <button type="button" className={`${fieldStyles.button} ${fieldStyles.secondary}`} onClick={() => dialog.current?.showModal()}>
        {t('open')}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="cancel-dialog-heading" aria-describedby="cancel-dialog-text">
        <h2 id="cancel-dialog-heading">{t('confirmHeading')}</h2>
        <p id="cancel-dialog-text">{t('confirmText', { fee: money(terms.fee), value: money(terms.voucherValue) })}</p>
        {failure ? <ErrorMessage code={failure.code} requestId={failure.requestId} /> : null}
        <div className={styles.actions}>
          <button type="button" className={fieldStyles.button} onClick={confirm} disabled={busy}>
            {t('confirm')}
          </button>
          <button type="button" className={`${fieldStyles.button} ${fieldStyles.secondary}`} onClick={() => dialog.current?.close()} disabled={busy} autoFocus>
            {t('keep')}
          </button>
        </div>
        {busy ? <Spinner label={t('cancelling')} /> : null}
      </dialog>
    </section>
  );
}
