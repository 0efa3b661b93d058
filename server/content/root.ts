import 'server-only';
import path from 'node:path';

/**
 * Where the editorial content lives. CONTENT_DIR exists for tests only: an end-to-end test serves
 * its own copy of the content (an empty article list, an article it adds) without touching the
 * repository's files.
 */
export function contentDir(): string {
  const configured = process.env.CONTENT_DIR;
  return configured ? path.resolve(configured) : path.join(process.cwd(), 'content');
}

/** The folder served at the site root; article images are checked against it. */
export function publicDir(): string {
  return path.join(process.cwd(), 'public');
}
