import { Spinner } from './spinner';
import styles from './busy-line.module.css';

/**
 * The place of a wait's sign (a spinner with its text, role="status"), kept on the page while
 * nothing is awaited: the sign then appears the moment a wait starts without pushing what is
 * below it down, and the live region is already there for screen readers to hear it.
 */
export function BusyLine({ busy, label, testId }: { busy: boolean; label: string; testId?: string }) {
  return (
    <div className={styles.line} aria-live="polite" data-testid={testId}>
      {busy ? <Spinner label={label} /> : null}
    </div>
  );
}
