import { useTranslations } from 'next-intl';
import { PaymentNextStep } from '@/components/payment/payment-next-step';
import type { PaymentNextStep as Step } from '@/lib/payment-next-step';
import type { HotelOrderView } from '@/lib/rpc/hotel-order-views';
import styles from './order-status.module.css';
import { StatusPoller } from './status-poller';

const BOOKING_UNDER_WAY = ['NOT_ORDERED', 'PENDING'];

/**
 * What happens next with a hotel order: the payment step while money is missing, waiting while
 * we book, the reservation itself, or what became of the money. While something can change on
 * its own the page re-reads itself.
 */
export function HotelOrderProgress({ order, version, step }: { order: HotelOrderView; version: string; step?: Step }) {
  const t = useTranslations('hotelOrder.status');
  const status = useTranslations('orderStatus');
  const booking = order.status === 'PAID' && BOOKING_UNDER_WAY.includes(order.bookingStatus);
  const booked = order.status === 'PAID' && (order.bookingStatus === 'ACTIVE' || order.bookingStatus === 'COMPLETED');
  if (step) {
    return (
      <PaymentNextStep orderId={order.id} version={version} step={step}>
        <p>{t('bookedAfterPayment')}</p>
      </PaymentNextStep>
    );
  }
  if (booking) {
    return (
      <section aria-labelledby="next-step" className={styles.next}>
        <h2 id="next-step">{status('nextStep')}</h2>
        <p>{t('booking.pendingText')}</p>
        <StatusPoller shown={{ orderId: order.id, version }} />
      </section>
    );
  }
  if (booked) {
    return (
      <section aria-labelledby="booked-heading" className={styles.next}>
        <h2 id="booked-heading">{t('bookedHeading')}</h2>
        <dl className={styles.facts}>
          <dt>{t('reservation')}</dt>
          <dd data-testid="reservation-number">{order.reservation}</dd>
          <dt>{t('pincode')}</dt>
          <dd data-testid="reservation-pin">{order.pincode}</dd>
        </dl>
        <p>{t('bookedText')}</p>
      </section>
    );
  }
  if (order.status === 'REFUNDED_AUTOMATICALLY') return <p className={styles.note}>{t('refundedText')}</p>;
  if (order.status === 'CANCELLED_AUTOMATICALLY') return <p className={styles.note}>{t('expiredText')}</p>;
  if (order.status.startsWith('CANCELLED') && order.status !== 'CANCELLED_BY_USER') return <p className={styles.note}>{status('cancelledNote')}</p>;
  return null;
}
