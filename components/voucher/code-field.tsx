import type { KeyboardEvent } from 'react';
import { Field, fieldStyles } from '@/components/ui/field';

/**
 * A field for an 8-digit voucher or discount code, as the voucher check and the payment step ask
 * for one: digits keyboard on a phone, no autofill, its hint and its error tied to it.
 */
export function CodeField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  onKeyDown,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(describedBy, invalid) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
    </Field>
  );
}
