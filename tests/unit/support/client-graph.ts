import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The message namespaces that code running in the browser can ask for, read from the sources:
 * from an entry file, follow its imports; everything imported from a 'use client' module on is
 * browser code, and each `useTranslations('a.b')` there needs namespace `a` in the page's provider.
 */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..');

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const TRANSLATIONS = /useTranslations\(\s*['"]([^'"]+)/g;

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const sources = new Map<string, string>();
function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    sources.set(file, text);
  }
  return text;
}

function importsOf(file: string): string[] {
  if (!/\.(ts|tsx)$/.test(file)) return [];
  const found: string[] = [];
  for (const match of source(file).matchAll(IMPORT)) {
    const resolved = resolveImport(file, match[1] ?? match[2] ?? match[3] ?? '');
    if (resolved) found.push(resolved);
  }
  return found;
}

const isClientModule = (file: string) => /^\s*(['"])use client\1/.test(source(file));

/**
 * The message paths used by the browser code reachable from `entry` ('payment' for
 * `useTranslations('payment')`, 'hotelOrder.form' for `useTranslations('hotelOrder.form')`), with
 * the files that use them.
 */
export function clientMessagePaths(entry: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, inClient: boolean) => {
    const client = inClient || isClientModule(file);
    const key = `${file}:${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (client) {
      for (const match of source(file).matchAll(TRANSLATIONS)) {
        const path = match[1]!;
        used.set(path, [...(used.get(path) ?? []), relative(ROOT, file)]);
      }
    }
    for (const imported of importsOf(file)) visit(imported, client);
  };
  visit(entry, false);
  return used;
}

/** Namespaces (the first part of each message path) used by the browser code reachable from `entry`, with the files that use them. */
export function clientNamespaces(entry: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const [path, files] of clientMessagePaths(entry)) {
    const namespace = path.split('.')[0]!;
    used.set(namespace, [...(used.get(namespace) ?? []), ...files]);
  }
  return used;
}
