'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, fieldStyles } from '@/components/ui/field';
import { formatMoney, parseAmount } from '@/lib/money';
import type { PaymentChoice } from '@/lib/rpc/shop';
import type { CalculationView } from '@/lib/rpc/views';
import type { Currency } from '@/lib/variants';
import type { MethodOption } from './method-options';
import styles from './payment-step.module.css';

type MethodCode = 'edenred_card' | 'pluxee_cafeteria' | 'up_card' | 'payment_card' | 'edenred_cafeteria' | 'transfer' | 'mybenefit' | 'voucher';

/**
 * How the visitor pays: one method, or a fixed amount with a first method and the rest with a
 * second one, plus voucher and discount codes with each code's result. It only edits the choice;
 * the server prices it (the recap shows the answer).
 */
export function PaymentStep({
  methods,
  choice,
  onChange,
  calculation,
  currency,
  language,
}: {
  methods: MethodOption[];
  choice: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  calculation: CalculationView | undefined;
  currency: Currency;
  language: string;
}) {
  const t = useTranslations('payment');
  const form = useTranslations('form');
  const id = useId();
  const [code, setCode] = useState('');
  const [firstAmount, setFirstAmount] = useState(choice.first ? String(choice.first.amount / 100) : '');
  const label = (method: MethodOption) => t(`methods.${method.code as MethodCode}`);
  const fee = (method: MethodOption) =>
    method.feeBasisPoints > 0 ? t('fee', { percent: (method.feeBasisPoints / 100).toLocaleString(language) }) : t('noFee');
  const money = (amount: number) => formatMoney(amount, currency, language);

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

  const split = choice.first !== undefined;
  const amountError = split && firstAmount !== '' && parseAmount(firstAmount) === undefined;

  return (
    <div className={styles.step}>
      <fieldset className={fieldStyles.fieldset}>
        <legend>{split ? t('secondMethod') : t('method')}</legend>
        {methodList(`${id}-rest`, choice.rest, (rest) => onChange({ ...choice, rest, first: choice.first?.methodId === rest ? undefined : choice.first }))}
        <label className={fieldStyles.check}>
          <input
            type="checkbox"
            checked={split}
            onChange={(event) => {
              const other = methods.find((m) => m.id !== choice.rest);
              onChange({ ...choice, first: event.target.checked && other ? { methodId: other.id, amount: 0 } : undefined });
              setFirstAmount('');
            }}
          />
          {t('split')}
        </label>
        {split ? (
          <div className={styles.split}>
            <fieldset className={fieldStyles.fieldset}>
              <legend>{t('firstMethod')}</legend>
              {methodList(`${id}-first`, choice.first?.methodId ?? '', (methodId) => onChange({ ...choice, first: { methodId, amount: choice.first?.amount ?? 0 } }), choice.rest)}
            </fieldset>
            <Field
              id={`${id}-amount`}
              label={`${t('firstAmount')} (${currency})`}
              required
              requiredText={form('required')}
              hint={t('firstAmountHint')}
              error={amountError ? form('errors.wholeAmount') : undefined}
            >
              {(describedBy, invalid) => (
                <input
                  id={`${id}-amount`}
                  className={fieldStyles.input}
                  inputMode="decimal"
                  value={firstAmount}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  onChange={(event) => {
                    setFirstAmount(event.target.value);
                    const amount = parseAmount(event.target.value);
                    if (amount !== undefined && choice.first) onChange({ ...choice, first: { ...choice.first, amount } });
                  }}
                />
              )}
            </Field>
          </div>
        ) : null}
      </fieldset>

      <fieldset className={fieldStyles.fieldset}>
        <legend>{t('codes')}</legend>
        <div className={styles.codeRow}>
          <Field id={`${id}-code`} label={t('codeLabel')} hint={t('codeHint')}>
            {(describedBy) => (
              <input
                id={`${id}-code`}
                className={fieldStyles.input}
                inputMode="numeric"
                autoComplete="off"
                value={code}
                aria-describedby={describedBy}
                onChange={(event) => setCode(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add();
                  }
                }}
              />
            )}
          </Field>
          <button type="button" className={`${fieldStyles.button} ${fieldStyles.secondary}`} onClick={add}>
            {t('addCode')}
          </button>
        </div>
        {choice.voucherCodes.length > 0 ? (
          <ul className={styles.codes} aria-live="polite">
            {choice.voucherCodes.map((entered) => (
              <li key={entered}>
                <span>{codeResult(entered)}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('removeCode', { code: entered })}
                  onClick={() => onChange({ ...choice, voucherCodes: choice.voucherCodes.filter((c) => c !== entered) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
    </div>
  );

  function add() {
    const entered = code.trim();
    if (!entered || choice.voucherCodes.some((c) => digitsOf(c) === digitsOf(entered))) return;
    onChange({ ...choice, voucherCodes: [...choice.voucherCodes, entered] });
    setCode('');
  }

  function codeResult(entered: string): string {
    const digits = digitsOf(entered);
    const credit = calculation?.credit.find((c) => c.code === digits);
    if (credit) return t('codeResult.credit', { code: entered, used: money(credit.willBeUsed.amount), available: money(credit.available.amount) });
    if (calculation?.unit.some((u) => u.code === digits)) return t('codeResult.unit', { code: entered });
    const invalid = calculation?.invalid.find((i) => digitsOf(i.code) === digits);
    return invalid ? t(`codeResult.${invalid.reason}`, { code: entered }) : entered;
  }
}

/** A code as the server compares it: "1234 5678" and "1234-5678" are 12345678. */
function digitsOf(entry: string): string {
  return entry.replace(/[\s-]/g, '');
}
