import 'server-only';
import type { z } from 'zod';
import { siteConfigOf } from '@/lib/site-config';
import type { Locale } from '@/lib/variants';
import { readMarkdownFile } from './markdown-file';
import { fillPlaceholders, siteValues } from './placeholders';
import { markdownToHtml } from './render';

/** A content file ready for a page: validated front matter and the body as HTML. */
export interface Rendered<Meta> {
  file: string;
  meta: Meta;
  html: string;
}

/** Placeholders a file has besides the site's own; some depend on its front matter. */
type Extra<Meta> = Record<string, string> | ((meta: Meta) => Record<string, string>);

/** The body's Markdown with the site's placeholders filled in, and the validated front matter. */
export async function readFilled<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
  locale: Locale,
  extra: Extra<z.output<Schema>> = {},
) {
  const source = await readMarkdownFile(file, schema);
  const own = typeof extra === 'function' ? extra(source.meta) : extra;
  const values = { ...siteValues(siteConfigOf(locale)), ...own };
  return { file, meta: source.meta, markdown: fillPlaceholders(source.body, values, file) };
}

export async function readRendered<Schema extends z.ZodType>(
  file: string,
  schema: Schema,
  locale: Locale,
  extra: Extra<z.output<Schema>> = {},
): Promise<Rendered<z.output<Schema>>> {
  const { meta, markdown } = await readFilled(file, schema, locale, extra);
  return { file, meta, html: markdownToHtml(markdown) };
}
