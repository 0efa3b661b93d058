import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money';
import type { PaymentView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './payment-list.module.css';

type MethodCode = 'edenred_card' | 'pluxee_cafeteria' | 'up_card' | 'payment_card' | 'edenred_cafeteria' | 'transfer' | 'mybenefit' | 'voucher';

/**
 * An order's payments with their results (paid, waiting, failed, refunded). What the visitor can
 * do about them (pay, pay again, send a transfer) is the page's next step, at its top.
 */
export function PaymentList({ payments }: { payments: PaymentView[] }) {
  const t = useTranslations('payment');
  const language = languageOf(useLocale());
  return (
    <ul className={styles.list}>
      {payments.map((payment) => (
        <li key={payment.id} className={styles.payment} data-status={payment.status}>
          <div className={styles.summary}>
            <span className={styles.method}>{t(`methods.${(payment.method.code || 'voucher') as MethodCode}`)}</span>
            <span className={styles.amount}>{formatMoney(payment.value.amount, payment.value.currency as Currency, language)}</span>
            <span className={styles.status} data-testid={`payment-status-${payment.method.id || 'voucher'}`}>
              {t(`statuses.${payment.status}`)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
