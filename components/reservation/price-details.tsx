import { useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/money';
import type { ChargeView } from '@/lib/rpc/hotel-order-views';
import type { MoneyView } from '@/lib/rpc/views';
import type { Currency } from '@/lib/variants';
import styles from './price-details.module.css';

/**
 * What the recap's sums are made of: the saving of Booking.com's deal, the taxes and fees the
 * room price includes, and those the hotel collects on arrival. Nothing when there are none.
 */
export function PriceDetails({ saving, charges, currency, language }: { saving: MoneyView; charges: ChargeView[]; currency: Currency; language: string }) {
  const t = useTranslations('hotelOrder.priceDetails');
  const chargeName = useTranslations('charges');
  const money = (value: MoneyView) => formatMoney(value.amount, currency, language);
  const shown = charges.filter((charge) => charge.amount.amount > 0);
  if (saving.amount <= 0 && shown.length === 0) return null;
  return (
    <section className={styles.details} aria-labelledby="price-details-heading" data-testid="price-details">
      <h3 id="price-details-heading">{t('heading')}</h3>
      <dl className={styles.rows}>
        {saving.amount > 0 ? (
          <div className={styles.row}>
            <dt>{t('saving')}</dt>
            <dd>−{money(saving)}</dd>
          </div>
        ) : null}
        {shown.map((charge, index) => (
          <div key={`${charge.kind}-${index}`} className={styles.row}>
            <dt>{t(charge.online ? 'included' : 'atHotel', { name: chargeName(charge.kind) })}</dt>
            <dd>{money(charge.amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
