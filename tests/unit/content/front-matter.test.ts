import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listArticles, loadArticle } from '@/server/content/articles';
import { loadFaq } from '@/server/content/faq';
import { loadPartner } from '@/server/content/pages';

const ARTICLE = `---
title: "Test: a weekend"
description: A short teaser.
date: 2026-05-01
image: /images/articles/tatry.webp
imageAlt: Mountains above a lake
imageCredit: "Illustration: editorial team, CC0 1.0"
tags:
  - mountains
---

## Why go

Because {{productName}} lets you pay with benefits.
`;

let dir: string;

async function write(relative: string, text: string) {
  const file = path.join(dir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dzb-content-'));
  process.env.CONTENT_DIR = dir;
});

afterEach(async () => {
  delete process.env.CONTENT_DIR;
  await rm(dir, { recursive: true, force: true });
});

describe('articles', () => {
  it('lists nothing for a language without articles', async () => {
    expect(await listArticles('pl')).toEqual([]);
    await mkdir(path.join(dir, 'articles/pl'), { recursive: true });
    expect(await listArticles('pl')).toEqual([]);
  });

  it('lists an article added as a file, newest first, with its placeholders filled', async () => {
    await write('articles/en/older-one.md', ARTICLE.replace('2026-05-01', '2025-01-01'));
    await write('articles/en/a-weekend.md', ARTICLE);
    const list = await listArticles('en');
    expect(list.map((a) => [a.slug, a.date])).toEqual([
      ['a-weekend', '2026-05-01'],
      ['older-one', '2025-01-01'],
    ]);
    const article = await loadArticle('en', 'a-weekend');
    expect(article?.html).toContain('<h2 id="why-go">Why go</h2>');
    expect(article?.html).toContain('Wakacje za benefity');
    expect(await loadArticle('en', 'missing')).toBeUndefined();
    expect(await loadArticle('en', '../pages/en/faq')).toBeUndefined();
  });

  it('names the file and the field of invalid front matter', async () => {
    const file = await write('articles/cs/spatny.md', ARTICLE.replace('date: 2026-05-01\n', ''));
    await expect(listArticles('cs')).rejects.toThrow(new RegExp(`${file}: invalid front matter[\\s\\S]*date`));
  });

  it('refuses unknown fields, long descriptions, bad tags and missing images', async () => {
    await write('articles/cs/a.md', ARTICLE.replace('tags:', 'author: X\ntags:'));
    await expect(listArticles('cs')).rejects.toThrow(/a\.md: invalid front matter[\s\S]*author/);
    await write('articles/cs/a.md', ARTICLE.replace('A short teaser.', 'x'.repeat(161)));
    await expect(listArticles('cs')).rejects.toThrow(/a\.md: invalid front matter[\s\S]*description/);
    await write('articles/cs/a.md', ARTICLE.replace('  - mountains', '  - Two Words'));
    await expect(listArticles('cs')).rejects.toThrow(/a\.md: invalid front matter[\s\S]*tags/);
    await write('articles/cs/a.md', ARTICLE.replace('tatry.webp', 'nowhere.webp'));
    await expect(listArticles('cs')).rejects.toThrow(/a\.md: image \/images\/articles\/nowhere\.webp does not exist/);
  });

  it('refuses a file name that cannot be a URL slug', async () => {
    await write('articles/cs/Šumava Kolo.md', ARTICLE);
    await expect(listArticles('cs')).rejects.toThrow(/Šumava Kolo\.md: the file name must be/);
  });

  it('refuses an unknown placeholder, naming the file', async () => {
    await write('articles/cs/a.md', `${ARTICLE}\n{{price}}\n`);
    await expect(loadArticle('cs', 'a')).rejects.toThrow(/a\.md: unknown placeholder \{\{price\}\}/);
  });
});

describe('pages', () => {
  it('fills a partner page with the fee from the payment-method table', async () => {
    await write('partners/cs/up.md', '---\ntitle: Up\ndescription: Up.\nprovider: up\n---\n\nPoplatek {{fee}}.\n');
    const page = await loadPartner('cs', 'up');
    expect(page.fee).toBe('6,9\u00a0%');
    expect(page.html).toContain('Poplatek 6,9\u00a0%.');
  });

  it('requires the provider to match the file name', async () => {
    await write('partners/en/up.md', '---\ntitle: Up\ndescription: Up.\nprovider: pluxee\n---\n\n{{fee}}\n');
    await expect(loadPartner('en', 'up')).rejects.toThrow(/up\.md: provider is "pluxee"/);
  });

  it('finds the featured FAQ questions by their GitHub-style slug', async () => {
    const questions = ['Můžu platbu rozdělit?', 'Kdo je {{companyName}}', 'Třetí', 'Čtvrtá'];
    const body = questions.map((q) => `### ${q}\n\nOdpověď.\n`).join('\n');
    const featured = ['můžu-platbu-rozdělit', 'kdo-je-dovolená-za-benefity-sro', 'třetí', 'čtvrtá'];
    await write(
      'pages/cs/faq.md',
      `---\ntitle: FAQ\ndescription: Dotazy.\nfeatured:\n${featured.map((f) => `  - ${f}`).join('\n')}\n---\n\n## Platby\n\n${body}`,
    );
    const faq = await loadFaq('cs');
    expect(faq.featured.map((q) => q.question)).toEqual([
      'Můžu platbu rozdělit?',
      'Kdo je Dovolená za benefity s.r.o.',
      'Třetí',
      'Čtvrtá',
    ]);
    expect(faq.featured[0]?.answerHtml).toBe('<p>Odpověď.</p>');
    expect(faq.html).toContain('<h3 id="můžu-platbu-rozdělit">');
  });

  it('names a featured question the FAQ does not have', async () => {
    await write('pages/en/faq.md', '---\ntitle: FAQ\ndescription: Q.\nfeatured: [a, b, c, d]\n---\n\n### A\n\nYes.\n');
    await expect(loadFaq('en')).rejects.toThrow(/faq\.md: featured question "b" is not a ### heading/);
  });
});
