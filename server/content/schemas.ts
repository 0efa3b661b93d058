import { z } from 'zod';
import { calendarDate } from './markdown-file';

/**
 * The front matter of every kind of content file (content/README.md, "Front matter"). Objects are
 * strict: the README asks editors for exactly these fields, so a misspelt field is an error
 * rather than a value silently ignored.
 */
const title = z.string().trim().min(1);
/** Search engines cut descriptions at about 160 characters. */
const description = z.string().trim().min(1).max(160);

export const PARTNER_IDS = ['up', 'pluxee', 'edenred', 'benefit-systems'] as const;

export const pageMeta = z.strictObject({ title, description });

export const faqMeta = z.strictObject({
  title,
  description,
  featured: z.array(z.string().min(1)).length(4),
});

export const cookiesMeta = z.strictObject({ title, description, effective: calendarDate });

export const partnerMeta = z.strictObject({ title, description, provider: z.enum(PARTNER_IDS) });

export const articleMeta = z.strictObject({
  title,
  description,
  date: calendarDate,
  image: z.string().regex(/^\/images\/articles\/[a-z0-9-]+\.webp$/, 'expected /images/articles/{name}.webp'),
  imageAlt: z.string().trim().min(1),
  imageCredit: z.string().trim().min(1),
  tags: z
    .array(z.string().regex(/^\p{Ll}+$/u, 'expected a single lowercase word'))
    .min(1)
    .max(4),
});

/** The business terms: the same fields scripts/build-documents.ts reads for the PDFs. */
export const documentMeta = z.strictObject({ title, effective: calendarDate, version: z.string().min(1) });

export type ArticleMeta = z.output<typeof articleMeta>;
