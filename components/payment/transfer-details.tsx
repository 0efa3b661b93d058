import Image from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money';
import type { PaymentView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './transfer-details.module.css';

/** Everything needed to pay by transfer: account, IBAN, variable symbol, amount and the QR code. */
export function TransferDetails({ payment }: { payment: PaymentView }) {
  const t = useTranslations('payment.transfer');
  const language = languageOf(useLocale());
  if (!payment.transfer) return null;
  const amount = formatMoney(payment.value.amount, payment.value.currency as Currency, language);
  return (
    <section className={styles.transfer} aria-labelledby={`transfer-${payment.id}`}>
      <h3 id={`transfer-${payment.id}`}>{t('heading')}</h3>
      <div className={styles.layout}>
        <dl className={styles.facts}>
          <dt>{t('account')}</dt>
          <dd data-testid="transfer-account">{payment.transfer.account}</dd>
          <dt>{t('iban')}</dt>
          <dd data-testid="transfer-iban">{payment.transfer.iban}</dd>
          <dt>{t('variableSymbol')}</dt>
          <dd data-testid="transfer-vs">{payment.transfer.variableSymbol}</dd>
          <dt>{t('amount')}</dt>
          <dd data-testid="transfer-amount">{amount}</dd>
        </dl>
        {payment.transfer.qrImage ? (
          // A data URL made on the server: served as it is (a PNG of a few hundred bytes), at a fixed
          // size so nothing moves when it paints.
          <Image
            src={payment.transfer.qrImage}
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
      <p className={styles.hint}>{t('qrHint')}</p>
    </section>
  );
}
