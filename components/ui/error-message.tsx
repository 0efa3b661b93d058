'use client';

import { useTranslations } from 'next-intl';
import type { ErrorCode } from '@/lib/error-codes';
import styles from './error-message.module.css';

/**
 * A failed call's message, next to what caused it: the translated text of its catalogue code and,
 * when the server gave one, the request id support can look up.
 */
export function ErrorMessage({ code, requestId, id }: { code: ErrorCode; requestId?: string; id?: string }) {
  const t = useTranslations('errors');
  const common = useTranslations('common');
  return (
    <p className={styles.error} role="alert" id={id}>
      {t(code)}
      {requestId ? <span className={styles.reference}> {common('errorReference', { id: requestId })}</span> : null}
    </p>
  );
}
