import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientNamespaces, ROOT } from './support/client-graph';

/**
 * Each page's browser code gets its messages from the nearest layout's <ClientMessages>: every
 * namespace it uses must be there (or the browser shows message keys), and nothing else (or the
 * HTML carries texts nobody reads).
 */
const LOCALE_DIR = join(ROOT, 'app', '[locale]');

function providedBy(layout: string): string[] | undefined {
  if (!existsSync(layout)) return undefined;
  const match = /<ClientMessages [^>]*namespaces=\{\[([^\]]*)\]\}/.exec(readFileSync(layout, 'utf8'));
  return match ? [...match[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : undefined;
}

/** The nearest layout (the page's folder, then up to app/[locale]) that provides messages. */
function providerOf(page: string): string {
  for (let dir = dirname(page); dir.startsWith(LOCALE_DIR); dir = dirname(dir)) {
    if (providedBy(join(dir, 'layout.tsx'))) return join(dir, 'layout.tsx');
  }
  throw new Error(`no layout with <ClientMessages> above ${relative(ROOT, page)}`);
}

const pages = readdirSync(LOCALE_DIR, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('page.tsx'))
  .map((file) => join(LOCALE_DIR, file));

const used = (entries: string[]) => new Set(entries.flatMap((entry) => [...clientNamespaces(entry).keys()]));

describe('messages handed to the browser', () => {
  it('finds the pages and reads browser code through their imports', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect([...clientNamespaces(join(LOCALE_DIR, 'order', 'page.tsx')).keys()]).toContain('hotelSearch');
  });

  it.each(pages.map((page) => [relative(LOCALE_DIR, page), page]))('%s gets every namespace its browser code uses', (_name, page) => {
    const provided = providedBy(providerOf(page))!;
    const missing = [...clientNamespaces(page)].filter(([namespace]) => !provided.includes(namespace));
    expect(missing, `add these to ${relative(ROOT, providerOf(page))}`).toEqual([]);
  });

  it('the site layout covers the shell, the error boundary and the not-found page', () => {
    const layout = join(LOCALE_DIR, 'layout.tsx');
    const needed = used([layout, join(LOCALE_DIR, 'error.tsx'), join(LOCALE_DIR, 'not-found.tsx')]);
    expect(new Set(providedBy(layout))).toEqual(needed);
  });

  it('no layout hands over a namespace that no page below it uses', () => {
    const layouts = new Set(pages.map(providerOf));
    layouts.delete(join(LOCALE_DIR, 'layout.tsx'));
    for (const layout of layouts) {
      const below = pages.filter((page) => providerOf(page) === layout);
      const needed = used(below);
      expect(providedBy(layout)!.filter((namespace) => !needed.has(namespace)), relative(ROOT, layout)).toEqual([]);
    }
  });
});
