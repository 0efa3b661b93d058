import styles from './prose.module.css';

/**
 * Editorial HTML rendered on the server from content/ (server/content/render.ts). The Markdown
 * pipeline drops raw HTML, so the string holds only what Markdown can express.
 */
export function Prose({ html }: { html: string }) {
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
