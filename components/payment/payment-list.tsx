import { useLocale, useTranslations } from 'next-intl';
import { fieldStyles } from '@/components/ui/field';
import { formatMoney } from '@/lib/money';
import type { PaymentView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './payment-list.module.css';
import { RetryButton } from './retry-button';
import { TransferDetails } from './transfer-details';

type MethodCode = 'edenred_card' | 'pluxee_cafeteria' | 'up_card' | 'payment_card' | 'edenred_cafeteria' | 'transfer' | 'mybenefit' | 'voucher';
const FAILED = ['CANCELLED', 'REJECTED', 'REVOKED'];

/**
 * An order's payments with their results (paid, waiting, failed, refunded) and what the visitor
 * can do: pay a waiting gateway payment, read the transfer details, or pay a failed part again.
 */
export function PaymentList({ orderId, payments, payable }: { orderId: string; payments: PaymentView[]; payable: boolean }) {
  const t = useTranslations('payment');
  const language = languageOf(useLocale());
  return (
    <ul className={styles.list}>
      {payments.map((payment) => {
        const amount = formatMoney(payment.value.amount, payment.value.currency as Currency, language);
        const method = t(`methods.${(payment.method.code || 'voucher') as MethodCode}`);
        return (
          <li key={payment.id} className={styles.payment} data-status={payment.status}>
            <div className={styles.summary}>
              <span className={styles.method}>{method}</span>
              <span className={styles.amount}>{amount}</span>
              <span className={styles.status} data-testid={`payment-status-${payment.method.id || 'voucher'}`}>
                {t(`statuses.${payment.status}`)}
              </span>
            </div>
            {payable && payment.status === 'WAITING' && payment.gatewayUrl ? (
              <a className={fieldStyles.button} href={payment.gatewayUrl}>
                {t('payNow', { amount, method })}
              </a>
            ) : null}
            {payable && payment.status === 'WAITING' && payment.transfer ? <TransferDetails payment={payment} /> : null}
            {payable && FAILED.includes(payment.status) && payment.method.kind !== 'voucher' ? (
              <div className={styles.retry}>
                <p>{t('payAgainHint')}</p>
                <RetryButton orderId={orderId} paymentId={payment.id} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
