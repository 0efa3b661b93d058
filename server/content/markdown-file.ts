import { readFile } from 'node:fs/promises';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { z } from 'zod';

/** A Markdown source of content/: its validated front matter and its body. */
export interface MarkdownFile<Meta> {
  file: string;
  meta: Meta;
  body: string;
}

/**
 * Reads a Markdown file with YAML front matter and validates the front matter against `schema`.
 * A bad file fails with an error that names it and the field, so a broken article stops the
 * build instead of reaching the site.
 */
export async function readMarkdownFile<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
): Promise<MarkdownFile<z.output<Schema>>> {
  const parsed = matter(await readFile(file, 'utf8'));
  const result = schema.safeParse(parsed.data);
  if (!result.success) {
    throw new Error(`${file}: invalid front matter\n${z.prettifyError(result.error)}`);
  }
  return { file, meta: result.data, body: parsed.content };
}

/** Markdown (with GitHub's tables and autolinks) to its syntax tree. */
export function parseMarkdown(body: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(body);
}

/** YAML reads `2026-12-01` as a Date; front matter dates are calendar dates, kept as text. */
export const calendarDate = z
  .union([z.date(), z.string()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD'));
