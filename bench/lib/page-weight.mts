import { gzipSync } from 'node:zlib';
import { httpGet } from './http.mts';

/** The attributes of every tag of one name in an HTML document (enough for Next's output). */
function tags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attributes: Record<string, string> = {};
    for (const a of (match[1] ?? '').matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes[a[1]!.toLowerCase()] = (a[2] ?? a[3] ?? a[4] ?? '').replaceAll('&amp;', '&');
    }
    found.push(attributes);
  }
  return found;
}

/**
 * The JavaScript files an HTML page makes the browser download: external scripts (not nomodule,
 * inline ones have no src), module preloads, and script preloads (a preload is downloaded
 * whether or not it runs).
 */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const script of tags(html, 'script')) {
    if (script.src && !('nomodule' in script)) urls.add(script.src);
  }
  for (const link of tags(html, 'link')) {
    const rel = (link.rel ?? '').toLowerCase().split(/\s+/);
    if (!link.href) continue;
    if (rel.includes('modulepreload') || (rel.includes('preload') && link.as === 'script')) urls.add(link.href);
  }
  return [...urls];
}

export interface PageWeight {
  status: number;
  /** Sum of the gzip -9 sizes of the page's scripts, in bytes. */
  bytes: number;
  files: number;
}

/** Measures pages of one server; a script shared by many pages is fetched and compressed once. */
export function pageWeigher(port: number) {
  const sizes = new Map<string, Promise<number>>();
  const gzipped = (url: string, host: string) => {
    let size = sizes.get(url);
    if (!size) {
      size = httpGet(port, new URL(url, 'http://x').pathname, { host }).then((answer) => {
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
        return gzipSync(answer.body, { level: 9 }).length;
      });
      sizes.set(url, size);
    }
    return size;
  };
  return async (path: string, host: string): Promise<PageWeight> => {
    const page = await httpGet(port, path, { host });
    const urls = scriptUrls(page.body.toString('utf8'));
    const each = await Promise.all(urls.map((url) => gzipped(url, host)));
    return { status: page.status, bytes: each.reduce((a, b) => a + b, 0), files: urls.length };
  };
}
