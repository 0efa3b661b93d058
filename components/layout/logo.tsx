import type { VariantKey } from '@/lib/variants';
import styles from './logo.module.css';

/** The variant's mark (a sun over a roof line) with the product name beside it. */
export function Logo({ variant, productName }: { variant: VariantKey; productName: string }) {
  return (
    <span className={styles.logo} data-variant={variant}>
      <svg className={styles.mark} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" className={styles.tile} />
        <circle cx="20" cy="17" r="6.5" className={styles.sun} />
        <path d="M7 31 L20 22 L33 31" className={styles.roof} />
      </svg>
      <span className={styles.name}>{productName}</span>
    </span>
  );
}
