import { readdirSync } from 'node:fs';
import path from 'node:path';

let files: Set<string> | undefined;

/** Every file under public/ as its URL path ("/documents/…"); the folder is fixed at build time. */
function publicFiles(): Set<string> {
  if (files) return files;
  const root = path.join(process.cwd(), 'public');
  const found = new Set<string>();
  try {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) found.add(`/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
    }
  } catch {
    // No public folder: no public files.
  }
  files = found;
  return found;
}

/** Whether Next.js will serve this path from public/ (the path as the request has it, URL-encoded). */
export function isPublicFile(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return publicFiles().has(decoded);
}
