import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { PaymentList } from '@/components/payment/payment-list';
import { PaymentNextStep } from '@/components/payment/payment-next-step';
import { Link } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import { paymentNextStep } from '@/lib/payment-next-step';
import type { VoucherOrderView } from '@/lib/rpc/views';
import type { SiteConfig } from '@/lib/site-config';
import { type Currency, languageOf } from '@/lib/variants';
import { OrderBadge } from './order-badge';
import styles from './order-status.module.css';
import { StatusPoller } from './status-poller';

/**
 * A voucher purchase as its page shows it: number, status, what to do next, the payments, the
 * issued voucher with its link, and the documents once paid. It re-reads itself while waiting.
 */
export function VoucherOrderStatus({ order, version, site }: { order: VoucherOrderView; version: string; site: SiteConfig }) {
  const t = useTranslations('orderStatus');
  const format = useFormatter();
  const language = languageOf(useLocale());
  const money = (amount: number) => formatMoney(amount, order.total.currency as Currency, language);
  const step = order.status === 'WAITING' || order.status === 'PARTIALLY_PAID' ? paymentNextStep(order.payments) : undefined;
  const voucherComing = order.status === 'PAID' && order.vouchers.length === 0;
  const cancelled = order.status.startsWith('CANCELLED') || order.status === 'REFUNDED_AUTOMATICALLY';
  return (
    <div className={styles.status}>
      <h1>{t('title', { number: order.number })}</h1>
      <p className={styles.what}>{t('voucherOrder', { value: money(order.voucherValue.amount) })}</p>
      <p>
        {t('orderedAt', { date: format.dateTime(new Date(order.orderedAt), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' }) })}{' '}
        {t('confirmationSent', { email: order.email })}
      </p>
      <OrderBadge status={order.status} step={step} />

      {step ? <PaymentNextStep orderId={order.id} version={version} step={step} /> : null}
      {voucherComing ? (
        <section aria-labelledby="next-step" className={styles.next}>
          <h2 id="next-step">{t('nextStep')}</h2>
          <p>{t('voucherComing')}</p>
          <StatusPoller shown={{ orderId: order.id, version }} />
        </section>
      ) : null}
      {cancelled ? <p className={styles.note}>{t('cancelledNote')}</p> : null}

      <h2>{t('paymentsHeading')}</h2>
      <PaymentList payments={order.payments} />

      {order.vouchers.length > 0 ? (
        <section aria-labelledby="vouchers-heading">
          <h2 id="vouchers-heading">{t('vouchersHeading')}</h2>
          <ul>
            {order.vouchers.map((voucher) => (
              <li key={voucher.id}>
                <Link href={{ pathname: '/voucher-status/[id]', params: { id: voucher.id } }}>{t('voucherLink', { code: voucher.code })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {order.documents.length > 0 ? (
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading">{t('documentsHeading')}</h2>
          <ul>
            {order.documents.map((document) => (
              <li key={document.url}>
                <a href={document.url} type="application/pdf">
                  {document.type === 'invoice'
                    ? t(order.documents.some((d) => d.type === 'credit_note') ? 'invoiceCorrected' : 'invoice')
                    : document.type === 'credit_note'
                      ? t('creditNote')
                      : t('voucherPdf', { code: order.vouchers.find((v) => document.url.includes(v.id))?.code ?? '' })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className={styles.support}>{t('support', { phone: site.phone, email: site.email })}</p>
    </div>
  );
}
