import { useTranslations } from 'next-intl';
import type { PaymentNextStep } from '@/lib/payment-next-step';
import type { OrderStatusName } from '@/lib/rpc/views';
import styles from './order-status.module.css';

/**
 * The order's status in one word at the top of its page. An unpaid order whose payment failed
 * says so: "waiting for payment" would read as if the failed payment were still being processed.
 */
export function OrderBadge({ status, step }: { status: OrderStatusName; step?: PaymentNextStep }) {
  const t = useTranslations('orderStatus');
  const failed = step?.kind === 'failed';
  return (
    <p className={styles.badge} data-status={failed ? 'PAYMENT_FAILED' : status} data-testid="order-status">
      <span className="visually-hidden">{t('statusLabel')}: </span>
      {failed ? t('paymentFailed') : t(`statuses.${status}`)}
    </p>
  );
}
