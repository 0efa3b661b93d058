import type { ReactNode } from 'react';
import styles from './article-header.module.css';

/** Under an article's title: when it was published, how long it reads, its topics and picture. */
export function ArticleHeader({
  dateIso,
  dateText,
  readingTime,
  tagsLabel,
  tags,
  image,
  imageCredit,
}: {
  dateIso: string;
  dateText: string;
  readingTime: string;
  tagsLabel: string;
  tags: string[];
  image: ReactNode;
  imageCredit: string;
}) {
  return (
    <>
      <p className={styles.meta}>
        <time dateTime={dateIso}>{dateText}</time> · {readingTime}
      </p>
      <p className={styles.meta}>
        {tagsLabel}: {tags.join(', ')}
      </p>
      <figure className={styles.figure}>
        {image}
        <figcaption className={styles.credit}>{imageCredit}</figcaption>
      </figure>
    </>
  );
}
