'use client';

import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { formatBasisPoints, formatMoney } from '@/lib/money';
import type { CalculationView, MoneyView } from '@/lib/rpc/views';
import type { Currency } from '@/lib/variants';
import type { MethodOption } from './method-options';
import { amountToCharge } from './agreed-terms';
import styles from './price-recap.module.css';

type MethodCode = 'edenred_card' | 'pluxee_cafeteria' | 'up_card' | 'payment_card' | 'edenred_cafeteria' | 'transfer' | 'mybenefit' | 'voucher';

export interface PriceView {
  base: MoneyView;
  serviceFee: MoneyView;
  bonus: MoneyView;
  total: MoneyView;
}

/**
 * The live summary: the price, each method's service fee named by what it is computed on (the
 * part of the price that method pays, so "10 % of 2 727,27 Kč: 272,73 Kč" when 3 000 Kč are paid
 * with it), bonus credits and the total, then what vouchers pay and what each method is charged
 * (its fee included), exactly as the server priced them. A fee of nothing is no row.
 */
export function PriceRecap({
  price,
  calculation,
  methods,
  currency,
  language,
  busy,
  baseLabel,
  extras = [],
}: {
  price: PriceView | undefined;
  calculation: CalculationView | undefined;
  methods: MethodOption[];
  currency: Currency;
  language: string;
  busy: boolean;
  baseLabel?: string;
  /** Further priced parts between the base and the payments (e.g. a hotel order's insurance). */
  extras?: { label: string; amount: number }[];
}) {
  const t = useTranslations('payment');
  const money = (amount: number) => formatMoney(amount, currency, language);
  const vouchers = calculation?.credit.reduce((sum, c) => sum + c.willBeUsed.amount, 0) ?? 0;
  return (
    <section className={styles.recap} aria-labelledby="recap-heading" aria-busy={busy}>
      <h2 id="recap-heading">{t('recap')}</h2>
      {price ? (
        <dl className={styles.rows}>
          <dt>{baseLabel ?? t('base')}</dt>
          <dd>{money(price.base.amount)}</dd>
          {extras.map((extra) => (
            <div key={extra.label} className={styles.row}>
              <dt>{extra.label}</dt>
              <dd>{money(extra.amount)}</dd>
            </div>
          ))}
          {calculation
            ? calculation.payments
                .filter((payment) => payment.fee.amount > 0)
                .map((payment) => {
                  const method = methods.find((m) => m.id === payment.methodId);
                  return (
                    <div key={`fee-${payment.methodId}`} className={styles.row}>
                      <dt>
                        {t('feeOf', {
                          method: method ? t(`methods.${method.code as MethodCode}`) : payment.methodId,
                          percent: method && method.feeBasisPoints > 0 ? formatBasisPoints(method.feeBasisPoints, language) : 'none',
                          base: money(payment.covers.amount),
                        })}
                      </dt>
                      <dd>{money(payment.fee.amount)}</dd>
                    </div>
                  );
                })
            : price.serviceFee.amount > 0 ? (
                <div className={styles.row}>
                  <dt>{t('serviceFee')}</dt>
                  <dd>{money(price.serviceFee.amount)}</dd>
                </div>
              ) : null}
          {price.bonus.amount > 0 ? (
            <>
              <dt>{t('bonus')}</dt>
              <dd>{money(price.bonus.amount)}</dd>
            </>
          ) : null}
          <dt className={styles.total}>{t('total')}</dt>
          <dd className={styles.total} data-testid="recap-total">
            {money(price.total.amount)}
          </dd>
          {vouchers > 0 ? (
            <>
              <dt>{t('vouchers')}</dt>
              <dd>−{money(vouchers)}</dd>
            </>
          ) : null}
          {calculation?.payments.map((payment) => {
            const method = methods.find((m) => m.id === payment.methodId);
            return (
              <div key={payment.methodId} className={styles.row}>
                <dt>{method ? t(`methods.${method.code as MethodCode}`) : payment.methodId}</dt>
                <dd>{money(payment.value.amount)}</dd>
              </div>
            );
          })}
          {vouchers > 0 ? (
            <>
              <dt className={styles.toPay}>{t('toPay')}</dt>
              <dd className={styles.toPay} data-testid="recap-to-pay">
                {money(amountToCharge(price, calculation))}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {busy ? <Spinner label={t('recalculating')} /> : null}
    </section>
  );
}
