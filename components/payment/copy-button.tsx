'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import styles from './transfer-details.module.css';

/**
 * Copies one bank detail in the form a bank's form takes (an account or IBAN without the spaces
 * that only help reading), and says so in a live region. Selecting the text by hand keeps working:
 * when the clipboard is refused (an old browser, a denied permission), the status says to do that.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const t = useTranslations('payment.transfer');
  const [result, setResult] = useState<'copied' | 'failed' | undefined>();
  return (
    <span className={styles.copy}>
      <button
        type="button"
        className={styles.copyButton}
        aria-label={t('copyLabel', { what })}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setResult('copied');
          } catch {
            setResult('failed');
          }
        }}
      >
        {t('copy')}
      </button>
      <span role="status" className={styles.copyStatus}>
        {result === 'copied' ? t('copied', { what }) : result === 'failed' ? t('copyFailed') : null}
      </span>
    </span>
  );
}
