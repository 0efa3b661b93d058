import { useTranslations } from 'next-intl';
import styles from './order-steps.module.css';

const STEPS = ['rooms', 'details', 'confirmation'] as const;
export type OrderStep = (typeof STEPS)[number];

/**
 * Where the visitor is in a hotel order: the hotel and its rooms, their details and the payment,
 * then the order's own page. A list whose current item says so (aria-current="step"), so it reads
 * the same to a screen reader as it looks; the steps are not links, as a step done cannot be
 * reopened from here (the rooms are priced, the order placed).
 */
export function OrderSteps({ current }: { current: OrderStep }) {
  const t = useTranslations('hotelOrder.steps');
  const at = STEPS.indexOf(current);
  return (
    <div className={styles.steps}>
      <ol aria-label={t('label')}>
        {STEPS.map((step, index) => (
          <li key={step} aria-current={index === at ? 'step' : undefined} data-done={index < at ? '' : undefined}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <span className="visually-hidden">{t('step', { number: index + 1, count: STEPS.length })}: </span>
            {t(step)}
          </li>
        ))}
      </ol>
    </div>
  );
}
