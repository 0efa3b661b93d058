'use client';

import { useTranslations } from 'next-intl';
import type { ErrorCode } from '@/lib/error-codes';
import styles from './error-message.module.css';
import { useCatalogueText } from './error-texts';

/**
 * A failed call's message, next to what caused it: the translated text of its catalogue code and,
 * when the server gave one, the request id support can look up. The alert is there at once; its
 * text joins it when the catalogue has come (error-texts.ts), which it usually has long before.
 * An error the page was rendered with brings its text from the server (`text`), so the HTML
 * says what went wrong before any script has run.
 */
export function ErrorMessage({ code, requestId, id, text }: { code: ErrorCode; requestId?: string; id?: string; text?: string }) {
  const catalogue = useCatalogueText();
  const common = useTranslations('common');
  return (
    <p className={styles.error} role="alert" id={id}>
      {text ?? catalogue(code)}
      {requestId ? <span className={styles.reference}> {common('errorReference', { id: requestId })}</span> : null}
    </p>
  );
}
