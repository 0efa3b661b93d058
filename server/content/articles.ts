import 'server-only';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Language, languageOf, type Locale } from '@/lib/variants';
import { readFilled } from './load';
import { markdownToHtml } from './render';
import { contentDir, publicDir } from './root';
import { type ArticleMeta, articleMeta } from './schemas';

export interface ArticleSummary extends ArticleMeta {
  slug: string;
  /** Rounded up, at a calm reading pace. */
  readingMinutes: number;
}

export interface Article extends ArticleSummary {
  html: string;
}

/** The file name is the URL: lowercase ASCII words joined by dashes (content/README.md). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const WORDS_PER_MINUTE = 200;

function folderOf(language: Language): string {
  return path.join(contentDir(), 'articles', language);
}

async function readArticle(locale: Locale, slug: string): Promise<Article> {
  const { summary, markdown } = await readSummary(locale, slug);
  return { ...summary, html: markdownToHtml(markdown) };
}

async function readSummary(locale: Locale, slug: string): Promise<{ summary: ArticleSummary; markdown: string }> {
  const file = path.join(folderOf(languageOf(locale)), `${slug}.md`);
  const { meta, markdown } = await readFilled(file, articleMeta, locale);
  try {
    await access(path.join(publicDir(), meta.image));
  } catch {
    throw new Error(`${file}: image ${meta.image} does not exist in public/`);
  }
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return { summary: { ...meta, slug, readingMinutes: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)) }, markdown };
}

/** The slugs of a language's articles; a language without a folder simply has none. */
async function slugsOf(language: Language): Promise<string[]> {
  const folder = folderOf(language);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const slug = name.slice(0, -'.md'.length);
      if (!SLUG.test(slug)) {
        throw new Error(`${path.join(folder, name)}: the file name must be lowercase ASCII words joined by dashes`);
      }
      return slug;
    });
}

/**
 * Every article of the locale's language, newest first. Read on each call: an editor adds an
 * article by adding a file, and pages render per request anyway (the layout's CSP nonce).
 */
export async function listArticles(locale: Locale): Promise<ArticleSummary[]> {
  const slugs = await slugsOf(languageOf(locale));
  const articles = await Promise.all(slugs.map(async (slug) => (await readSummary(locale, slug)).summary));
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** One article, or undefined when the language has none by that slug. */
export async function loadArticle(locale: Locale, slug: string): Promise<Article | undefined> {
  if (!SLUG.test(slug)) return undefined;
  const slugs = await slugsOf(languageOf(locale));
  return slugs.includes(slug) ? readArticle(locale, slug) : undefined;
}
