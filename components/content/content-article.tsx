import type { ReactNode } from 'react';
import styles from './content-article.module.css';
import { Prose } from './prose';

/** A content page: its title, an optional line under it, the Markdown body, and what follows. */
export function ContentArticle({
  title,
  intro,
  html,
  children,
}: {
  title: string;
  intro?: ReactNode;
  html: string;
  children?: ReactNode;
}) {
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <h1>{title}</h1>
        {intro}
      </header>
      <Prose html={html} />
      {children}
    </article>
  );
}
