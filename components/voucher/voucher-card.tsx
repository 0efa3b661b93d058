import { useLocale, useTranslations } from 'next-intl';
import { formatPragueDate } from '@/lib/prague-time';
import { formatMoney } from '@/lib/money';
import type { VoucherView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import styles from './voucher-card.module.css';

/**
 * A voucher's state and balance: valid, expiring soon (with the days left), expired, fully used
 * or on hold; when it was issued, until when it is valid, its original and remaining value, and where
 * it was spent.
 */
export function VoucherCard({ voucher, headingLevel = 2 }: { voucher: VoucherView; headingLevel?: 2 | 3 }) {
  const t = useTranslations('voucherCheck');
  const language = languageOf(useLocale());
  const money = (amount: number) => formatMoney(amount, voucher.total.currency as Currency, language);
  const date = (iso: string | undefined) => (iso ? formatPragueDate(new Date(iso), language) : '–');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A held voucher is not spendable whatever its dates say: that comes first.
  const state = voucher.held
    ? t('held.state')
    : voucher.state === 'EXPIRES_SOON'
      ? t('states.EXPIRES_SOON', { days: voucher.daysLeft })
      : t(`states.${voucher.state}`);
  return (
    <article className={styles.card} aria-labelledby={`voucher-${voucher.id}`}>
      <Heading id={`voucher-${voucher.id}`} className={styles.code}>
        {voucher.code.slice(0, 4)} {voucher.code.slice(4)}
      </Heading>
      <p className={styles.state} data-state={voucher.held ? 'HELD' : voucher.state}>
        {state}
      </p>
      <dl className={styles.facts}>
        <dt>{t('remaining')}</dt>
        <dd className={styles.remaining}>{money(voucher.available.amount)}</dd>
        <dt>{t('original')}</dt>
        <dd>{money(voucher.total.amount)}</dd>
        <dt>{t('issued')}</dt>
        <dd>{date(voucher.validFrom)}</dd>
        <dt>{t('validUntil')}</dt>
        <dd>{date(voucher.validTo)}</dd>
        {voucher.gift ? (
          <>
            <dt>{t('gift')}</dt>
            <dd>✓</dd>
          </>
        ) : null}
      </dl>
      <h3 className={styles.subheading}>{t('spendings')}</h3>
      {voucher.spendings.length === 0 ? (
        <p>{t('noSpendings')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('order')}</th>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('orderTotal')}</th>
                <th scope="col">{t('used')}</th>
              </tr>
            </thead>
            <tbody>
              {voucher.spendings.map((spending) => (
                <tr key={`${spending.orderNumber}-${spending.orderDate}`}>
                  <td>{spending.orderNumber}</td>
                  <td>{date(spending.orderDate)}</td>
                  <td>{money(spending.orderTotal.amount)}</td>
                  <td>{money(spending.used.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
