'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, fieldStyles } from '@/components/ui/field';
import { formatBasisPoints, parseAmount } from '@/lib/money';
import type { PaymentChoice } from '@/lib/rpc/payment-request';
import type { CalculationView } from '@/lib/rpc/views';
import type { Currency } from '@/lib/variants';
import type { MethodOption } from './method-options';
import { chooseFirst, choiceOf, type SplitState, splitStateOf, startSplit } from './split-choice';
import styles from './payment-step.module.css';
import { VoucherCodes } from './voucher-codes';

type MethodCode = 'edenred_card' | 'pluxee_cafeteria' | 'up_card' | 'payment_card' | 'edenred_cafeteria' | 'transfer' | 'mybenefit' | 'voucher';

/**
 * How the visitor pays: one method, or a fixed amount with a first method and the rest with a
 * second one (split-choice.ts), plus voucher and discount codes (voucher-codes.tsx). It only
 * edits the choice; the server prices it (the recap shows the answer).
 */
export function PaymentStep({
  methods,
  choice,
  onChange,
  calculation,
  currency,
  language,
  showMissing = false,
  covered = false,
}: {
  methods: MethodOption[];
  choice: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  calculation: CalculationView | undefined;
  currency: Currency;
  language: string;
  /** The visitor tried to place the order: say what the split still lacks. */
  showMissing?: boolean;
  /** The vouchers pay the whole price: no method is asked for (the codes stay editable). */
  covered?: boolean;
}) {
  const t = useTranslations('payment');
  const form = useTranslations('form');
  const id = useId();
  const [split, setSplit] = useState<SplitState>(() => splitStateOf(choice));
  const label = (method: MethodOption) => t(`methods.${method.code as MethodCode}`);
  const fee = (method: MethodOption) =>
    method.feeBasisPoints > 0 ? t('fee', { percent: formatBasisPoints(method.feeBasisPoints, language) }) : t('noFee');
  const update = (next: SplitState) => {
    setSplit(next);
    onChange(choiceOf(next, choice.voucherCodes, parseAmount));
  };

  const methodList = (name: string, selected: string, onSelect: (id: string) => void, exclude?: string) => (
    <ul className={styles.methods}>
      {methods
        .filter((m) => m.id !== exclude)
        .map((method) => (
          <li key={method.id}>
            <label className={styles.method} data-selected={selected === method.id ? '' : undefined}>
              <input type="radio" name={name} value={method.id} checked={selected === method.id} onChange={() => onSelect(method.id)} />
              <span className={styles.methodName}>{label(method)}</span>
              <span className={styles.fee}>{fee(method)}</span>
            </label>
          </li>
        ))}
    </ul>
  );

  const unreadable = split.splitting && split.amountText.trim() !== '' && parseAmount(split.amountText) === undefined;
  const amountError = unreadable ? form('errors.amountFormat') : showMissing && choice.missing === 'amount' ? t('splitAmountMissing') : undefined;

  return (
    <div className={styles.step}>
      {/* Always rendered, so a screen reader hears it when a code starts or stops covering the price. */}
      <div aria-live="polite">{covered ? <p className={styles.covered}>{t('coveredByVouchers')}</p> : null}</div>
      {covered ? null : (
        <>
          <fieldset className={fieldStyles.fieldset}>
            <legend>{split.splitting ? t('firstMethod') : t('method')}</legend>
            {methodList(`${id}-first`, split.first, (first) => update(chooseFirst(split, first, methods)))}
            <label className={fieldStyles.check}>
              <input
                type="checkbox"
                checked={split.splitting}
                onChange={(event) => update(event.target.checked ? startSplit(split, methods) : { ...split, splitting: false, second: '', amountText: '' })}
              />
              {t('split')}
            </label>
            {split.splitting ? (
              <Field
                id={`${id}-amount`}
                label={`${t('firstAmount')} (${currency})`}
                required
                requiredText={form('required')}
                hint={t('firstAmountHint')}
                error={amountError}
              >
                {(describedBy, invalid) => (
                  <input
                    id={`${id}-amount`}
                    className={fieldStyles.input}
                    inputMode="decimal"
                    value={split.amountText}
                    data-split-missing={choice.missing === 'amount' ? '' : undefined}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    onChange={(event) => update({ ...split, amountText: event.target.value })}
                  />
                )}
              </Field>
            ) : null}
          </fieldset>
          {split.splitting ? (
            <fieldset className={fieldStyles.fieldset} aria-describedby={showMissing && choice.missing === 'second' ? `${id}-second-error` : undefined}>
              <legend>{t('secondMethod')}</legend>
              <div data-split-missing={choice.missing === 'second' ? '' : undefined} tabIndex={-1}>
                {methodList(`${id}-second`, split.second, (second) => update({ ...split, second }), split.first)}
              </div>
              {showMissing && choice.missing === 'second' ? (
                <p id={`${id}-second-error`} className={fieldStyles.error}>
                  {t('secondMethodMissing')}
                </p>
              ) : null}
            </fieldset>
          ) : null}
        </>
      )}

      <VoucherCodes
        codes={choice.voucherCodes}
        onChange={(voucherCodes) => onChange({ ...choice, voucherCodes })}
        calculation={calculation}
        currency={currency}
        language={language}
      />
    </div>
  );
}

/** Takes the visitor to what an incomplete split still lacks; false when the split is complete. */
export function focusIncompleteSplit(choice: PaymentChoice): boolean {
  if (!choice.missing) return false;
  document.querySelector<HTMLElement>('[data-split-missing]')?.focus();
  return true;
}
