'use client';

import { useTranslations } from 'next-intl';
import { type FieldErrors, get, useFormContext } from 'react-hook-form';
import { fieldStyles } from '@/components/ui/field';
import { useErrorText } from './use-error-text';

/**
 * The order form's agreements: cancellation conditions and business terms are required (with the
 * documents one click away), marketing is optional.
 */
export function Agreements({ prefix, documents }: { prefix: string; documents: { cancellation: string; terms: string } }) {
  const t = useTranslations('form');
  const { register, formState } = useFormContext();
  const errorText = useErrorText();
  const agreement = (name: 'agreeCp' | 'agreeTac', href: string) => {
    const message = errorText(get(formState.errors as FieldErrors, `${prefix}.${name}`));
    const errorId = `${prefix}-${name}-error`;
    return (
      <div>
        <label className={fieldStyles.check}>
          <input
            type="checkbox"
            aria-required="true"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            {...register(`${prefix}.${name}`)}
          />
          <span>
            {t.rich(name, {
              link: (chunks) => (
                <a href={href} target="_blank" rel="noopener">
                  {chunks}
                </a>
              ),
            })}
            <span aria-hidden="true" className={fieldStyles.required}>
              {' '}
              *
            </span>
            <span className="visually-hidden"> ({t('required')})</span>
          </span>
        </label>
        {message ? (
          <p id={errorId} className={fieldStyles.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      {agreement('agreeCp', documents.cancellation)}
      {agreement('agreeTac', documents.terms)}
      <label className={fieldStyles.check}>
        <input type="checkbox" {...register(`${prefix}.agreeMp`)} />
        <span>{t('agreeMp')}</span>
      </label>
    </>
  );
}
