'use client';

import { useTranslations } from 'next-intl';

const KEYS = ['required', 'tooLong', 'email', 'phone', 'postalCode', 'agree', 'emailWithName', 'wholeAmount', 'voucherMin', 'voucherMax', 'singleLine'] as const;
type ErrorKey = (typeof KEYS)[number];

/**
 * The shared zod schemas (lib/forms) give message keys; this turns a field's error into the
 * translated text, with the values some messages show (the phone pattern, voucher bounds).
 */
export function useErrorText(values: { pattern?: string; min?: string; max?: string } = {}) {
  const t = useTranslations('form.errors');
  return (error: { message?: string } | undefined): string | undefined => {
    if (!error) return undefined;
    const key = ((KEYS as readonly string[]).includes(error.message ?? '') ? error.message : 'required') as ErrorKey;
    return t(key, { pattern: values.pattern ?? '', min: values.min ?? '', max: values.max ?? '' });
  };
}
