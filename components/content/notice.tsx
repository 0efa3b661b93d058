import type { ReactNode } from 'react';
import styles from './notice.module.css';

/** A short highlighted statement above or below content (a fee, a provider not accepted here). */
export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div className={styles.notice} data-tone={tone}>
      {children}
    </div>
  );
}
