'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { formatDeadline } from '@/lib/deadline';
import type { ErrorCode } from '@/lib/error-codes';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import type { CancellationTermsView, CompensationView, SettlementView } from '@/lib/rpc/hotel-order-views';
import { browserApi, type Failure, failureOf } from '@/lib/rpc/lazy';
import type { MoneyView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './cancel-order.module.css';

const REFUSED: ErrorCode = 'cancellation_refused';

/**
 * Cancelling a hotel order: a booked stay, or an order not paid yet (nothing booked, no fee).
 * Before: what was paid, the cancellation fee and the voucher that comes back, confirmed in a
 * modal dialog because it cannot be undone; afterwards the same parts and the voucher issued. It
 * stays mounted across the page's refresh so the result and focus survive it.
 */
export function CancelOrder({
  orderId,
  terms,
  settlement,
  compensation,
  voucherId,
}: {
  orderId: string;
  /** Present while the order may be cancelled. */
  terms?: CancellationTermsView & { freeUntil?: string };
  /** What an earlier cancellation settled. */
  settlement?: SettlementView;
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
  const keep = useRef<HTMLButtonElement>(null);
  // The safe answer takes the focus: Enter on an irreversible question must not cancel anything.
  // (React's autoFocus acts when the button mounts, while the dialog is still closed.)
  const openDialog = () => {
    dialog.current?.showModal();
    keep.current?.focus();
  };
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  const [result, setResult] = useState<{ voucher?: CompensationView; settlement?: SettlementView } | undefined>();
  // Booking.com said no: asking again gets the same answer, so only keeping the stay is offered,
  // and that button takes the focus the vanished one had.
  const refused = failure?.code === REFUSED;
  useEffect(() => {
    if (refused && !busy) keep.current?.focus();
  }, [refused, busy]);
  const money = (value: MoneyView) => formatMoney(value.amount, value.currency as Currency, language);
  const parts = (paid: MoneyView, fee: MoneyView, voucherValue: MoneyView, testId: string) => (
    <dl className={styles.parts} data-testid={testId}>
      <dt>{t('paid')}</dt>
      <dd>{money(paid)}</dd>
      <dt>{t('fee')}</dt>
      <dd>{money(fee)}</dd>
      <dt>{t('voucherValue')}</dt>
      <dd>{money(voucherValue)}</dd>
    </dl>
  );

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const voucher = result?.voucher ?? compensation;
  const settled = result?.settlement ?? settlement;
  if (result || compensation || settled) {
    const kind = settled?.booked === false ? 'unpaid' : 'booked';
    return (
      <section className={styles.result} aria-labelledby="cancel-result">
        <h2 id="cancel-result" ref={resultHeading} tabIndex={-1}>
          {t('doneHeading', { kind })}
        </h2>
        {kind === 'unpaid' ? <p>{t('doneUnpaid')}</p> : null}
        {settled && settled.paid.amount > 0 ? parts(settled.paid, settled.fee, settled.voucherValue, 'cancel-result-parts') : null}
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
          <p data-testid="no-compensation">{t('noVoucher', { kind })}</p>
        )}
      </section>
    );
  }
  if (!terms) return null;

  const kind = terms.booked ? 'booked' : 'unpaid';
  // Which sentence tells the outcome: a voucher, a fee that takes everything, or (unpaid) a voucher for the part paid, or nothing paid at all.
  const outcome = terms.booked ? (terms.voucherValue.amount > 0 ? 'voucher' : 'noVoucher') : terms.paid.amount > 0 ? 'unpaid' : 'nothingPaid';
  const summary = t('terms', { outcome, fee: money(terms.fee), value: money(terms.voucherValue) });
  const showParts = terms.booked || terms.paid.amount > 0;

  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { cancelHotelOrder } = await browserApi.hotelOrder();
      const answer = await cancelHotelOrder(locale, orderId);
      dialog.current?.close();
      setResult({ voucher: answer.voucher, settlement: answer.order.settlement });
      router.refresh();
    } catch (error) {
      setFailure(await failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.cancel} aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{t('heading', { kind })}</h2>
      {terms.booked ? (
        <p>
          {terms.freeUntil
            ? t('freeUntil', { date: formatDeadline(terms.freeUntil, language) })
            : t('anyTime')}
        </p>
      ) : (
        <p>{t('unpaidText')}</p>
      )}
      {showParts ? parts(terms.paid, terms.fee, terms.voucherValue, 'cancel-parts') : null}
      <p data-testid="cancel-terms">{summary}</p>
      {terms.insured && terms.fee.amount > 0 ? <p>{t('insured')}</p> : null}
      <button type="button" className={`${fieldStyles.button} ${fieldStyles.secondary}`} onClick={openDialog}>
        {t('open', { kind })}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="cancel-dialog-heading" aria-describedby="cancel-dialog-text">
        <h2 id="cancel-dialog-heading">{t('confirmHeading', { kind })}</h2>
        <div id="cancel-dialog-text">
          <p>{t('confirmText', { kind })}</p>
          {showParts ? parts(terms.paid, terms.fee, terms.voucherValue, 'cancel-dialog-parts') : null}
          <p>{summary}</p>
        </div>
        {failure ? <ErrorMessage code={failure.code} requestId={failure.requestId} /> : null}
        <div className={styles.actions}>
          {refused ? null : (
            <button type="button" className={fieldStyles.button} onClick={confirm} disabled={busy}>
              {t('confirm', { kind })}
            </button>
          )}
          <button type="button" className={`${fieldStyles.button} ${fieldStyles.secondary}`} onClick={() => dialog.current?.close()} disabled={busy} ref={keep}>
            {t('keep')}
          </button>
        </div>
        {busy ? <Spinner label={t('cancelling', { kind })} /> : null}
      </dialog>
    </section>
  );
}
