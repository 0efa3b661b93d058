'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { fieldStyles } from '@/components/ui/field';
import { formatMoney } from '@/lib/money';
import type { ProductView, RoomView } from '@/lib/rpc/hotel-search';
import type { Currency } from '@/lib/variants';
import { formatDeadline } from '@/lib/deadline';
import styles from './hotel-search.module.css';

interface Props {
  rooms: RoomView[];
  nights: number;
  requestedRooms: number;
  quantities: Readonly<Record<string, number>>;
  onQuantity: (productId: string, quantity: number) => void;
  currency: Currency;
  language: string;
}

/** The hotel's rooms, each with its rates and how many units of each the visitor wants. */
export function RoomList({ rooms, ...rest }: Props) {
  const t = useTranslations('hotelSearch');
  return (
    <section aria-labelledby="rooms-title" className={styles.rooms}>
      <h2 id="rooms-title" className={styles.sectionTitle} tabIndex={-1}>
        {t('roomsHeading')}
      </h2>
      {rooms.length === 0 ? <p>{t('noRooms')}</p> : null}
      {rooms.map((room) => (
        <article key={room.id} className={styles.room} aria-labelledby={`room-${room.id}`}>
          <div className={styles.roomHead}>
            {room.photos[0] ? (
              // Unoptimised like the hotel's photos (components/hotel/hotel-gallery.tsx).
              <Image
                className={styles.roomPhoto}
                src={room.photos[0].url}
                alt={t('gallery.room', { room: room.name })}
                width={160}
                height={107}
                sizes="160px"
                unoptimized
              />
            ) : null}
            <h3 id={`room-${room.id}`} className={styles.roomName}>
              {room.name}
            </h3>
          </div>
          <ul className={styles.products}>
            {room.products.map((product) => (
              <li key={product.id} className={styles.product} data-testid="room-product">
                <Product room={room} product={product} {...rest} />
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

function Product({ room, product, nights, requestedRooms, quantities, onQuantity, currency, language }: Omit<Props, 'rooms'> & { room: RoomView; product: ProductView }) {
  const t = useTranslations('hotelSearch');
  const chargeName = useTranslations('charges');
  const money = (amount: number) => formatMoney(amount, currency, language);
  const saving = product.publicPrice.amount - product.price.amount;
  const selectable = !product.unavailableReason && product.unitsLeft > 0;
  const selectId = `qty-${product.id}`;
  const meal = t(`mealPlan.${product.mealPlan}`);
  return (
    <div className={styles.productBody}>
      <div className={styles.productTerms}>
        <p className={styles.meal}>{meal}</p>
        <p className={product.freeCancellationUntil ? styles.badgeGood : styles.badge}>
          {product.freeCancellationUntil ? t('freeCancellation', { date: formatDeadline(product.freeCancellationUntil, language) }) : t('nonRefundable')}
        </p>
        <p className={styles.muted}>
          {t('occupancy', { total: product.occupancy.total, adults: product.occupancy.adults })}
          {product.occupancy.children.map((c) => `; ${t('childBracket', { total: c.total, from: c.fromAge, to: c.toAge })}`).join('')}
        </p>
        {product.deals.length > 0 ? (
          <ul className={styles.deals}>
            {product.deals.map((deal) => (
              <li key={deal} className={styles.deal}>
                {t(`deals.${deal}`)}
              </li>
            ))}
          </ul>
        ) : null}
        {product.charges.map((charge, i) => (
          <p key={i} className={styles.muted}>
            {t(charge.online ? 'chargeOnline' : 'chargeAtHotel', { name: chargeName(charge.kind), amount: money(charge.value.amount) })}
          </p>
        ))}
        {!product.fitsOccupancy && selectable ? <p className={styles.warning}>{t('doesNotFit', { rooms: requestedRooms })}</p> : null}
        {product.unavailableReason ? <p className={styles.warning}>{t(`notOrderable.${product.unavailableReason}`)}</p> : null}
      </div>
      <div className={styles.productPrice}>
        {saving > 0 ? (
          <p className={styles.muted}>
            <s>{t('publicPrice', { price: money(product.publicPrice.amount) })}</s>
          </p>
        ) : null}
        <p className={styles.price}>{t('priceForStay', { price: money(product.price.amount), nights })}</p>
        {saving > 0 ? <p className={styles.saving}>{t('saving', { amount: money(saving) })}</p> : null}
        <p className={product.unitsLeft <= 2 ? styles.scarce : styles.muted}>{t('unitsLeft', { count: product.unitsLeft })}</p>
        {selectable ? (
          <p className={styles.quantity}>
            <label htmlFor={selectId}>
              {t('quantity')}
              <span className="visually-hidden"> {t('quantityFor', { room: room.name, meal, price: money(product.price.amount) })}</span>
            </label>
            <select
              id={selectId}
              className={fieldStyles.input}
              value={quantities[product.id] ?? 0}
              onChange={(event) => onQuantity(product.id, Number(event.target.value))}
            >
              {Array.from({ length: product.unitsLeft + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </p>
        ) : null}
      </div>
    </div>
  );
}
