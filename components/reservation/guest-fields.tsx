'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { type FieldErrors, get, useFormContext } from 'react-hook-form';
import { useErrorText } from '@/components/forms/use-error-text';
import { Field, fieldStyles } from '@/components/ui/field';

/**
 * Who stays: the orderer, or someone else whose name and e-mail the hotel and Booking.com then
 * get (the shared hotel form schema requires them only in that case).
 */
export function GuestFields({ phonePattern }: { phonePattern: string }) {
  const t = useTranslations('hotelOrder.guest');
  const form = useTranslations('form');
  const id = useId();
  const { register, watch, formState, setValue } = useFormContext();
  const errorText = useErrorText({ pattern: phonePattern });
  const someoneElse = watch('stayingGuest') === 'someoneElse';
  const field = (name: 'firstName' | 'lastName' | 'email' | 'mobile', label: string, type: string, required: boolean) => (
    <Field
      id={`guest-${name}`}
      label={label}
      required={required}
      requiredText={form('required')}
      error={errorText(get(formState.errors as FieldErrors, `guest.${name}`))}
    >
      {(describedBy, invalid) => (
        <input
          id={`guest-${name}`}
          type={type}
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...register(`guest.${name}`)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend>{t('heading')}</legend>
      <div>
        <label className={fieldStyles.check}>
          <input type="radio" value="orderer" id={`${id}-orderer`} {...register('stayingGuest')} />
          {t('orderer')}
        </label>
        <label className={fieldStyles.check}>
          <input
            type="radio"
            value="someoneElse"
            id={`${id}-else`}
            {...register('stayingGuest', {
              onChange: () => setValue('guest', undefined),
            })}
          />
          {t('someoneElse')}
        </label>
      </div>
      {someoneElse ? (
        <div className={fieldStyles.grid}>
          {field('firstName', form('firstName'), 'text', true)}
          {field('lastName', form('lastName'), 'text', true)}
          {field('email', form('email'), 'email', true)}
          {field('mobile', form('phone'), 'tel', false)}
        </div>
      ) : null}
    </fieldset>
  );
}
