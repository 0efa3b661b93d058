import { useTranslations } from 'next-intl';
import type { HotelOrderView } from '@/lib/rpc/hotel-order-views';
import styles from './order-status.module.css';
import { StatusPoller } from './status-poller';

const BOOKING_UNDER_WAY = ['NOT_ORDERED', 'PENDING'];

/**
 * What happens next with a hotel order, in words: pay the rest, wait for the transfer or the
 * gateway, wait while we book, the reservation itself, or what became of the money. While a
 * payment or the booking is pending the page re-reads itself.
 */
export function HotelOrderProgress({ order }: { order: HotelOrderView }) {
  const t = useTranslations('hotelOrder.status');
  const status = useTranslations('orderStatus');
  const payable = order.status === 'WAITING' || order.status === 'PARTIALLY_PAID';
  const booking = order.status === 'PAID' && BOOKING_UNDER_WAY.includes(order.bookingStatus);
  const booked = order.status === 'PAID' && (order.bookingStatus === 'ACTIVE' || order.bookingStatus === 'COMPLETED');
  if (payable || booking) {
    const waitingGateway = order.payments.some((p) => p.status === 'WAITING' && p.gatewayUrl);
    const waitingTransfer = order.payments.some((p) => p.status === 'WAITING' && p.transfer);
    return (
      <section aria-labelledby="next-step" className={styles.next}>
        <h2 id="next-step">{status('nextStep')}</h2>
        {payable && waitingGateway ? <p>{status('payRemaining')}</p> : null}
        {payable && waitingTransfer ? <p>{status('waitingTransfer')}</p> : null}
        {payable && !waitingGateway && !waitingTransfer ? <p>{status('waitingGateway')}</p> : null}
        {payable ? <p>{t('bookedAfterPayment')}</p> : null}
        {booking ? <p>{t('booking.pendingText')}</p> : null}
        <StatusPoller />
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
