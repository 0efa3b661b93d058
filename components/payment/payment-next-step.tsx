import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { StatusPoller } from '@/components/order/status-poller';
import { fieldStyles } from '@/components/ui/field';
import { formatMoney } from '@/lib/money';
import { changesByItself, type PaymentNextStep as Step } from '@/lib/payment-next-step';
import type { PaymentView } from '@/lib/rpc/views';
import { type Currency, languageOf } from '@/lib/variants';
import { ArrivalFocus } from '@/components/ui/arrival-focus';
import boxStyles from '@/components/order/order-status.module.css';
import styles from './payment-next-step.module.css';
import { RetryButton } from './retry-button';
import { TransferDetails } from './transfer-details';

type MethodCode = 'edenred_card' | 'pluxee_cafeteria' | 'up_card' | 'payment_card' | 'edenred_cafeteria' | 'transfer' | 'mybenefit' | 'voucher';

/**
 * The one thing an unpaid order asks for now, at the top of its page with its button: pay a
 * failed part again, pay the part waiting at a gateway, send the transfer, or wait for the
 * gateway's word. The heading takes the focus on arrival (back from a gateway) so keyboard and
 * screen-reader users start at the action. `children` adds what the order kind promises next;
 * `version` is the order's as shown, which the poller asks about.
 */
export function PaymentNextStep({ orderId, version, step, children }: { orderId: string; version: string; step: Step; children?: ReactNode }) {
  const t = useTranslations('orderStatus');
  const payment = useTranslations('payment');
  const language = languageOf(useLocale());
  const amountOf = (p: PaymentView) => formatMoney(p.value.amount, p.value.currency as Currency, language);
  const methodOf = (p: PaymentView) => payment(`methods.${(p.method.code || 'voucher') as MethodCode}`);
  const paid = step.paid.reduce((sum, p) => sum + p.value.amount, 0);
  const currency = (step.paid[0]?.value.currency ?? 'CZK') as Currency;
  const heading = {
    failed: () => t('paymentFailed'),
    pay: () => (step.kind === 'pay' ? t('payHeading', { amount: amountOf(step.payment) }) : ''),
    transfer: () => t('transferHeading'),
    confirming: () => t('confirmingHeading'),
  }[step.kind]();
  return (
    <section aria-labelledby="next-step" className={`${boxStyles.next} ${styles.step}`} data-step={step.kind} data-testid="next-step">
      <ArrivalFocus targetId="next-step" />
      <h2 id="next-step" tabIndex={-1}>
        {heading}
      </h2>
      {paid > 0 ? <p>{t('paidSoFar', { amount: formatMoney(paid, currency, language) })}</p> : null}
      {step.kind === 'failed' ? (
        <>
          {step.failed.map((p) => (
            <div key={p.id} className={styles.action}>
              <p>{t('failedPart', { amount: amountOf(p), method: methodOf(p) })}</p>
              <RetryButton orderId={orderId} paymentId={p.id} />
            </div>
          ))}
          <p>{t('failedHint')}</p>
        </>
      ) : null}
      {step.kind === 'pay' ? (
        <a className={fieldStyles.button} href={step.payment.gatewayUrl}>
          {payment('payNow', { amount: amountOf(step.payment), method: methodOf(step.payment) })}
        </a>
      ) : null}
      {step.kind === 'transfer' ? (
        <>
          <p>{t('waitingTransfer')}</p>
          {step.transfers.map((p) => (
            <TransferDetails key={p.id} payment={p} />
          ))}
        </>
      ) : null}
      {step.kind === 'confirming' ? <p>{t('waitingGateway')}</p> : null}
      {children}
      {changesByItself(step) ? <StatusPoller shown={{ orderId, version }} /> : null}
    </section>
  );
}
