import type { ReactNode } from 'react';
import styles from './trust-signals.module.css';

/** Short reasons to trust the site: who runs it, how payment is protected, how to reach us. */
export function TrustSignals({ heading, items }: { heading: string; items: { id: string; content: ReactNode }[] }) {
  return (
    <section className={styles.section} aria-labelledby="trust-heading">
      <h2 id="trust-heading">{heading}</h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>{item.content}</li>
        ))}
      </ul>
    </section>
  );
}
