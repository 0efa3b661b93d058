import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { PaymentList } from '@/components/payment/payment-list';
import { StaySummary } from '@/components/reservation/stay-summary';
import { formatMoney } from '@/lib/money';
import { paymentNextStep } from '@/lib/payment-next-step';
import type { CompensationView, HotelOrderView } from '@/lib/rpc/hotel-order-views';
import type { SiteConfig } from '@/lib/site-config';
import { type Currency, languageOf } from '@/lib/variants';
import { CancelOrder } from './cancel-order';
import { HotelOrderProgress } from './hotel-order-progress';
import { OrderBadge } from './order-badge';
import styles from './order-status.module.css';

/**
 * A hotel order as its page shows it: number and status, what happens next (pay, wait for the
 * booking, the reservation number and PIN, or what became of the money), the stay, the payments,
 * the documents and the cancellation. It re-reads itself while something is pending.
 */
export function HotelOrderStatus({
  order,
  version,
  compensation,
  site,
}: {
  order: HotelOrderView;
  /** The order's version as read (OrderDetailResponse.version): what the page's poll asks about. */
  version: string;
  compensation?: CompensationView;
  site: SiteConfig;
}) {
  const t = useTranslations('hotelOrder.status');
  const status = useTranslations('orderStatus');
  // The reason in the words of the e-mail that told it: the refund is automatic, nothing to contact anyone about.
  const reasons = useTranslations('email.hotelOrder.reasons');
  const methods = useTranslations('payment.methods');
  const methodName = (code: string) => (methods.has(code as 'voucher') ? methods(code as 'voucher') : code);
  const format = useFormatter();
  const language = languageOf(useLocale());
  const currency = order.total.currency as Currency;
  const money = (amount: number) => formatMoney(amount, currency, language);
  const step = order.status === 'WAITING' || order.status === 'PARTIALLY_PAID' ? paymentNextStep(order.payments) : undefined;
  const over = order.status.startsWith('CANCELLED') || order.status === 'REFUNDED_AUTOMATICALLY';
  const corrected = order.documents.some((d) => d.type === 'credit_note');
  // Each document says what it is now: an invoice a credit note corrects says so; the voucher is the cancellation's compensation.
  const documentLabel = (type: HotelOrderView['documents'][number]['type']) =>
    type === 'invoice'
      ? status(corrected ? 'invoiceCorrected' : 'invoice')
      : type === 'credit_note'
        ? status('creditNote')
        : type === 'voucher'
          ? t('compensationVoucher', { code: compensation?.code ?? 'none' })
          : t('bookingConfirmation');
  return (
    <div className={styles.status}>
      <h1>{status('title', { number: order.number })}</h1>
      <p className={styles.what}>{t('what', { hotel: order.hotel.name, total: money(order.total.amount) })}</p>
      <p>
        {status('orderedAt', { date: format.dateTime(new Date(order.orderedAt), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' }) })}{' '}
        {status('confirmationSent', { email: order.email })}
      </p>
      <OrderBadge status={order.status} step={step} />
      <p data-testid="booking-status">
        {/* An order that ended before anything was booked will not be: "not booked yet" would promise it. */}
        {t('bookingLabel')}: <strong>{over && order.bookingStatus === 'NOT_ORDERED' ? t('booking.never') : t(`booking.${order.bookingStatus}`)}</strong>
      </p>

      <HotelOrderProgress order={order} version={version} step={step} />
      {order.status === 'REFUNDED_AUTOMATICALLY' && order.bookingFailure && reasons.has(order.bookingFailure as 'booking_failed') ? (
        <p className={styles.note}>{t('failureReason', { reason: reasons(order.bookingFailure as 'booking_failed') })}</p>
      ) : null}

      <StaySummary hotel={order.hotel} stay={order.stay} rooms={order.rooms} currency={currency} freeCancellationUntil={order.freeCancellationUntil} showCancellation={!over} />
      <dl className={styles.facts}>
        {order.guest ? (
          <>
            <dt>{t('guest')}</dt>
            <dd>{order.guest}</dd>
          </>
        ) : null}
        {order.noteForHotel ? (
          <>
            <dt>{t('note')}</dt>
            <dd>{order.noteForHotel}</dd>
          </>
        ) : null}
        {/* Each fee by the payment it was computed on; a fee of nothing is no row. */}
        {order.payments
          .filter((payment) => payment.fee.amount > 0)
          .map((payment) => (
            <div key={`fee-${payment.id}`} className={styles.fact}>
              <dt>{t('feeOf', { method: methodName(payment.method.code), base: money(payment.covers.amount) })}</dt>
              <dd>{money(payment.fee.amount)}</dd>
            </div>
          ))}
        {order.insurance ? (
          <>
            <dt>{t('insurance')}</dt>
            <dd>{t('insuranceIncluded')}</dd>
          </>
        ) : null}
        {order.payOnSite.amount > 0 ? (
          <>
            <dt>{t('payOnSite')}</dt>
            <dd>{money(order.payOnSite.amount)}</dd>
          </>
        ) : null}
      </dl>

      <h2>{status('paymentsHeading')}</h2>
      <PaymentList payments={order.payments} />

      {order.documents.length > 0 ? (
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading">{status('documentsHeading')}</h2>
          <ul>
            {order.documents.map((document) => (
              <li key={document.url}>
                <a href={document.url} type="application/pdf" data-testid={`document-${document.type}`}>
                  {documentLabel(document.type)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {order.cancellable || compensation || order.status === 'CANCELLED_BY_USER' ? (
        <CancelOrder
          orderId={order.id}
          terms={order.cancellable && order.terms ? { ...order.terms, freeUntil: order.freeCancellationUntil } : undefined}
          settlement={order.settlement}
          compensation={compensation}
          voucherId={order.compensationVoucherId}
        />
      ) : null}

      <p className={styles.support}>{status('support', { phone: site.phone, email: site.email })}</p>
    </div>
  );
}
