'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useKeptValues } from '@/components/forms/use-kept-values';
import type { z } from 'zod';
import { useErrorText } from '@/components/forms/use-error-text';
import { useSubmissionKey } from '@/components/forms/use-submission-key';
import { Field, fieldStyles } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import type { contactFormSchema } from '@/lib/forms/contact-form';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { browserApi, loadSoon } from '@/lib/rpc/lazy';
import styles from './contact-form.module.css';

type Values = z.input<typeof contactFormSchema>;
type Parsed = z.output<typeof contactFormSchema>;

const CONTACT_RESOLVER = lazyResolver(async () => {
  const [{ zodResolver }, { contactFormSchema: schema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/forms/contact-form')]);
  return zodResolver(schema);
});

/** The contact form: checked with the same schema as the server, then sent to support. */
export function ContactForm() {
  const t = useTranslations('contact');
  const form = useTranslations('form');
  const locale = useLocale();
  const id = useId();
  const errorText = useErrorText();
  const contactForm = useForm<Values, unknown, Parsed>({ resolver: CONTACT_RESOLVER, mode: 'onTouched' });
  const { register, handleSubmit, formState, reset } = contactForm;
  const kept = useKeptValues('contact', contactForm);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const submissionKey = useSubmissionKey();

  const send = async (data: Parsed) => {
    const key = submissionKey(JSON.stringify(data));
    setState('sending');
    try {
      const { sendContactForm } = await browserApi.contact();
      await sendContactForm(locale, data, key);
      setState('sent');
      kept.forget();
      reset();
    } catch {
      setState('failed');
    }
  };

  const field = (name: 'fullName' | 'email' | 'subject', label: string, type = 'text', autoComplete?: string) => (
    <Field id={`${id}-${name}`} label={label} required requiredText={form('required')} error={errorText(formState.errors[name])}>
      {(describedBy, invalid) => (
        <input
          id={`${id}-${name}`}
          type={type}
          autoComplete={autoComplete}
          className={fieldStyles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required="true"
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={(event) => void handleSubmit(send)(event)} onFocus={() => loadSoon(browserApi.contact, browserApi.failures)} noValidate className={styles.form}>
      {field('fullName', t('fullName'), 'text', 'name')}
      {field('email', t('email'), 'email', 'email')}
      {field('subject', t('subject'))}
      <Field id={`${id}-message`} label={t('message')} required requiredText={form('required')} hint={t('messageHint')} error={errorText(formState.errors.message)}>
        {(describedBy, invalid) => (
          <textarea
            id={`${id}-message`}
            rows={7}
            className={fieldStyles.input}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required="true"
            {...register('message')}
          />
        )}
      </Field>
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t('honeypot')}</label>
        <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <button type="submit" className={fieldStyles.button} disabled={state === 'sending'}>
        {t('submit')}
      </button>
      <div aria-live="polite">
        {state === 'sending' ? <Spinner label={t('sending')} /> : null}
        {state === 'sent' ? (
          <p role="status" className={styles.success}>
            {t('success')}
          </p>
        ) : null}
        {state === 'failed' ? (
          <p role="alert" className={fieldStyles.error}>
            {t('failure')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
