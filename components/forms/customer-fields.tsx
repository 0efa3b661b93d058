'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { type FieldErrors, get, useFormContext } from 'react-hook-form';
import { Field, fieldStyles } from '@/components/ui/field';
import { COUNTRIES } from '@/lib/forms/countries';
import { useErrorText } from './use-error-text';

export interface SitePatterns {
  phonePattern: string;
  emailPattern: string;
  /** The country a new address starts with (the site's own). */
  defaultCountry: string;
}

/**
 * The orderer's part of every order form (spec section 5): name, e-mail, phone, address,
 * optional company ids and a separate billing address. Registered under `prefix` in the
 * surrounding react-hook-form, validated by the shared schema.
 */
export function CustomerFields({ prefix, patterns }: { prefix: string; patterns: SitePatterns }) {
  const t = useTranslations('form');
  const { register, formState, setValue } = useFormContext();
  const errorText = useErrorText({ pattern: patterns.phonePattern });
  const [company, setCompany] = useState(false);
  const [billing, setBilling] = useState(false);
  const error = (name: string) => errorText(get(formState.errors as FieldErrors, `${prefix}.${name}`));
  const id = (name: string) => `${prefix}-${name}`.replaceAll('.', '-');
  const text = (name: string, label: string, options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {}) => (
    <Field id={id(name)} label={label} required={options.required} requiredText={t('required')} hint={options.hint} error={error(name)}>
      {(describedBy, invalid) => (
        <input
          id={id(name)}
          className={fieldStyles.input}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={options.required || undefined}
          {...register(`${prefix}.${name}`)}
        />
      )}
    </Field>
  );
  const address = (part: 'contactAddress' | 'billingAddress', section: string) => (
    <div className={fieldStyles.grid}>
      {text(`${part}.street`, t('street'), { required: true, autoComplete: `${section} address-line1` })}
      {text(`${part}.city`, t('city'), { required: true, autoComplete: `${section} address-level2` })}
      {text(`${part}.postalCode`, t('postalCode'), { required: true, autoComplete: `${section} postal-code` })}
      <Field id={id(`${part}.country`)} label={t('country')} required requiredText={t('required')} error={error(`${part}.country`)}>
        {(describedBy, invalid) => (
          <select
            id={id(`${part}.country`)}
            className={fieldStyles.input}
            autoComplete={`${section} country`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register(`${prefix}.${part}.country`)}
          >
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`countries.${country}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {company ? (
        <>
          {text(`${part}.companyId`, t('companyId'), { autoComplete: 'off' })}
          {text(`${part}.companyTaxId`, t('companyTaxId'), { autoComplete: 'off' })}
        </>
      ) : null}
    </div>
  );

  return (
    <>
      <div className={fieldStyles.grid}>
        {text('firstName', t('firstName'), { required: true, autoComplete: 'given-name' })}
        {text('lastName', t('lastName'), { required: true, autoComplete: 'family-name' })}
        {text('email', t('email'), { required: true, type: 'email', autoComplete: 'email', hint: t('hintEmail', { pattern: patterns.emailPattern }) })}
        {text('mobile', t('phone'), { required: true, type: 'tel', autoComplete: 'tel', hint: t('hintPhone', { pattern: patterns.phonePattern }) })}
      </div>
      {address('contactAddress', 'billing')}
      <label className={fieldStyles.check}>
        <input
          type="checkbox"
          checked={company}
          onChange={(event) => {
            setCompany(event.target.checked);
            if (!event.target.checked) {
              for (const field of ['companyId', 'companyTaxId']) {
                setValue(`${prefix}.contactAddress.${field}`, undefined);
                setValue(`${prefix}.billingAddress.${field}`, undefined);
              }
            }
          }}
        />
        {t('company')}
      </label>
      <label className={fieldStyles.check}>
        <input
          type="checkbox"
          checked={billing}
          onChange={(event) => {
            setBilling(event.target.checked);
            setValue(`${prefix}.billingAddress`, event.target.checked ? { country: patterns.defaultCountry } : undefined);
          }}
        />
        {t('billingSeparate')}
      </label>
      {billing ? (
        <fieldset className={fieldStyles.fieldset}>
          <legend>{t('billingHeading')}</legend>
          {address('billingAddress', 'billing')}
        </fieldset>
      ) : null}
    </>
  );
}
