import type { ReactNode } from 'react';
import styles from './field.module.css';

/**
 * A labelled form control with its hint and error. The error is tied to the control with
 * aria-describedby and aria-invalid, and a required field says so in words, not only with "*".
 */
export function Field({
  id,
  label,
  required,
  requiredText,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  requiredText?: string;
  hint?: ReactNode;
  error?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field} data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required}>
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> ({requiredText})</span>
          </span>
        ) : null}
      </label>
      {children(describedBy, Boolean(error))}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export { styles as fieldStyles };
