import styles from './spinner.module.css';

/** A small busy indicator; the text beside it is what screen readers hear (role="status"). */
export function Spinner({ label, inline }: { label: string; inline?: boolean }) {
  return (
    <span className={inline ? styles.inline : styles.block} role="status">
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
