'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { fieldStyles } from '@/components/ui/field';
import { CodeField } from '@/components/voucher/code-field';
import { formatMoney } from '@/lib/money';
import type { CalculationView } from '@/lib/rpc/views';
import type { Currency } from '@/lib/variants';
import { codeDigits, normalizeVoucherCode } from '@/lib/voucher-code';
import styles from './payment-step.module.css';

/**
 * Gift voucher and discount codes of a payment: typed one at a time, each listed with what the
 * last pricing made of it (used, applied, or why not), each removable.
 */
export function VoucherCodes({
  codes,
  onChange,
  calculation,
  currency,
  language,
}: {
  codes: string[];
  onChange: (codes: string[]) => void;
  calculation: CalculationView | undefined;
  currency: Currency;
  language: string;
}) {
  const t = useTranslations('payment');
  const id = useId();
  const [code, setCode] = useState('');
  const [codeMistyped, setCodeMistyped] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency, language);

  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend>{t('codes')}</legend>
      <div className={styles.codeRow}>
        <CodeField
          id={`${id}-code`}
          label={t('codeLabel')}
          hint={t('codeHint')}
          error={codeMistyped ? t('codeFormat') : undefined}
          value={code}
          onChange={(value) => {
            setCode(value);
            setCodeMistyped(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className={`${fieldStyles.button} ${fieldStyles.secondary}`} onClick={add}>
          {t('addCode')}
        </button>
      </div>
      {codes.length > 0 ? (
        <ul className={styles.codes} aria-live="polite">
          {codes.map((entered) => (
            <li key={entered}>
              <span>{codeResult(entered)}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('removeCode', { code: entered })}
                onClick={() => onChange(codes.filter((c) => c !== entered))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );

  function add() {
    const entered = code.trim();
    if (!entered) return;
    // A mistyped code is told as such at once and costs none of the visitor's look-ups.
    if (!normalizeVoucherCode(entered)) {
      setCodeMistyped(true);
      return;
    }
    if (codes.some((c) => codeDigits(c) === codeDigits(entered))) return;
    onChange([...codes, entered]);
    setCode('');
  }

  function codeResult(entered: string): string {
    const digits = codeDigits(entered);
    const credit = calculation?.credit.find((c) => c.code === digits);
    if (credit) return t('codeResult.credit', { code: entered, used: money(credit.willBeUsed.amount), available: money(credit.available.amount) });
    if (calculation?.unit.some((u) => u.code === digits)) return t('codeResult.unit', { code: entered });
    const invalid = calculation?.invalid.find((i) => codeDigits(i.code) === digits);
    return invalid ? t(`codeResult.${invalid.reason}`, { code: entered }) : entered;
  }
}
