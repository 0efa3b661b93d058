import 'server-only';
import path from 'node:path';
import { toString } from 'mdast-util-to-string';
import type { RootContent } from 'mdast';
import { languageOf, type Locale } from '@/lib/variants';
import { readFilled } from './load';
import { parseMarkdown } from './markdown-file';
import { blocksToHtml, markdownToHtml } from './render';
import { contentDir } from './root';
import { faqMeta } from './schemas';
import { headingSlug } from './slug';

export interface FaqQuestion {
  slug: string;
  question: string;
  answerHtml: string;
}

/** `###` questions with the blocks up to the next heading as their answers. */
function questionsOf(blocks: RootContent[], file: string): FaqQuestion[] {
  const found: { question: string; answer: RootContent[] }[] = [];
  for (const block of blocks) {
    if (block.type === 'heading' && block.depth === 3) found.push({ question: toString(block), answer: [] });
    else if (block.type === 'heading') continue;
    else found.at(-1)?.answer.push(block);
  }
  const seen = new Set<string>();
  return found.map(({ question, answer }) => {
    const slug = headingSlug(question);
    if (seen.has(slug)) throw new Error(`${file}: two questions share the anchor "${slug}"`);
    seen.add(slug);
    return { slug, question, answerHtml: blocksToHtml(answer) };
  });
}

/**
 * The FAQ page and the questions it features on the home page. A featured slug that names no
 * question fails with the file's name, as a front matter error does.
 */
export async function loadFaq(locale: Locale) {
  const file = path.join(contentDir(), 'pages', languageOf(locale), 'faq.md');
  const { meta, markdown } = await readFilled(file, faqMeta, locale);
  const questions = questionsOf(parseMarkdown(markdown).children, file);
  const featured = meta.featured.map((slug) => {
    const question = questions.find((q) => q.slug === slug);
    if (!question) throw new Error(`${file}: featured question "${slug}" is not a ### heading of the file`);
    return question;
  });
  return { file, meta, html: markdownToHtml(markdown), featured };
}
