import styles from './faq-teaser.module.css';

export interface FaqItem {
  slug: string;
  question: string;
  answerHtml: string;
}

/**
 * A few questions with their answers folded: <details> opens by keyboard and without
 * JavaScript. Answers are editorial HTML from content/ (see Prose).
 */
export function FaqTeaser({ items }: { items: FaqItem[] }) {
  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.slug} className={styles.item}>
          <summary className={styles.question}>{item.question}</summary>
          <div className={styles.answer} dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
        </details>
      ))}
    </div>
  );
}
