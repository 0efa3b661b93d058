import Image from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatDeadline } from '@/lib/deadline';
import { formatMoney } from '@/lib/money';
import type { PaymentView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import { CopyButton } from './copy-button';
import { DigitGroups } from './digit-groups';
import styles from './transfer-details.module.css';

/** The form a bank's input takes: the spaces between digit groups only help reading. */
const compact = (value: string) => value.replaceAll(' ', '');

function Fact({ label, children, copy }: { label: string; children: ReactNode; copy?: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.value}>{children}</span>
        {copy ? <CopyButton value={copy} what={label} /> : null}
      </dd>
    </div>
  );
}

/**
 * Everything needed to pay by transfer, in the order a bank's form asks for it: recipient,
 * account, IBAN, the reference that pairs the money with the order (the variable symbol, or on
 * the Polish site the transfer title, which Polish banks carry instead), amount and deadline, and
 * the QR code. The transfer e-mail shows the same values under the same labels.
 */
export function TransferDetails({ payment }: { payment: PaymentView }) {
  const t = useTranslations('payment.transfer');
  const language = languageOf(useLocale());
  const transfer = payment.transfer;
  if (!transfer) return null;
  const amount = formatMoney(payment.value.amount, payment.value.currency as Currency, language);
  const byTitle = transfer.reference === 'title';
  return (
    <section className={styles.transfer} aria-labelledby={`transfer-${payment.id}`}>
      <h3 id={`transfer-${payment.id}`}>{t('heading')}</h3>
      <div className={styles.layout}>
        <dl className={styles.facts}>
          <Fact label={t('recipient')}>
            <span data-testid="transfer-recipient">{transfer.recipient}</span>
          </Fact>
          <Fact label={t('account')} copy={compact(transfer.account)}>
            <DigitGroups value={transfer.account} testId="transfer-account" />
          </Fact>
          <Fact label={t('iban')} copy={compact(transfer.iban)}>
            <DigitGroups value={transfer.iban} testId="transfer-iban" />
          </Fact>
          {byTitle ? (
            <Fact label={t('title')} copy={transfer.title}>
              <span data-testid="transfer-title">{transfer.title}</span>
            </Fact>
          ) : (
            <Fact label={t('variableSymbol')} copy={transfer.variableSymbol}>
              <span data-testid="transfer-vs">{transfer.variableSymbol}</span>
            </Fact>
          )}
          <Fact label={t('amount')}>
            <span data-testid="transfer-amount">{amount}</span>
          </Fact>
          {transfer.dueAt ? (
            <Fact label={t('due')}>
              <span data-testid="transfer-due">{t('dueValue', { date: formatDeadline(transfer.dueAt, language) })}</span>
            </Fact>
          ) : null}
        </dl>
        {transfer.qrImage ? (
          // A data URL made on the server: served as it is (a PNG of a few hundred bytes), at a fixed
          // size so nothing moves when it paints.
          <Image
            src={transfer.qrImage}
            alt={t('qrAlt', { amount })}
            width={240}
            height={240}
            sizes="240px"
            unoptimized
            className={styles.qr}
            data-testid="transfer-qr"
          />
        ) : null}
      </div>
      {transfer.qrWithoutAmount ? (
        <p className={styles.hint} data-testid="qr-without-amount">
          {t('qrWithoutAmount', { amount })}
        </p>
      ) : null}
      <p className={styles.hint}>{t('qrHint')}</p>
      <p className={styles.hint}>{byTitle ? t('pairByTitle') : t('pairBySymbol')}</p>
    </section>
  );
}
