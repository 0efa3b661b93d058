/**
 * Builds the business-terms PDFs (public/documents/{folder}/{lang}/{kind}.pdf) from the Markdown
 * sources in content/documents/{folder}/{lang}/{kind}.md.
 *
 * The sources contain {{placeholders}} for operator and contact details, so the PDFs always agree
 * with lib/site-config.ts. Output is byte-for-byte reproducible: re-running the script on unchanged
 * sources yields identical files, which keeps diffs of the committed PDFs meaningful.
 *
 * Usage: npm run documents
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PhrasingContent, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { DOCUMENT_KINDS, SITE_CONFIG, type SiteConfig } from '../lib/site-config';
import { VARIANT_KEYS } from '../lib/variants';
import { calendarDate, parseMarkdown, readMarkdownFile } from '../server/content/markdown-file';
import { fillPlaceholders, siteValues } from '../server/content/placeholders';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIR = path.join(ROOT, 'content/documents');
const OUTPUT_DIR = path.join(ROOT, 'public/documents');
const FONT_DIR = path.join(ROOT, 'node_modules/dejavu-fonts-ttf/ttf');
const FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};

const LANGS = ['cs', 'pl', 'en'] as const;
type DocLang = (typeof LANGS)[number];

/** Words the renderer itself prints; everything else comes from the Markdown. */
const PAGE_LABEL: Record<DocLang, (page: number, total: number) => string> = {
  cs: (page, total) => `Strana ${page} z ${total}`,
  pl: (page, total) => `Strona ${page} z ${total}`,
  en: (page, total) => `Page ${page} of ${total}`,
};
const DATE_LOCALE: Record<DocLang, string> = { cs: 'cs-CZ', pl: 'pl-PL', en: 'en-GB' };

const LAYOUT = {
  margin: 50,
  bottomMargin: 62,
  body: { size: 9.5, gap: 1.9 },
  title: 19,
  heading: { 2: 12, 3: 10.5 },
  listIndent: 16,
  color: { text: '#1f2328', muted: '#5b6470' },
} as const;

const frontMatter = z.object({
  title: z.string().min(1),
  effective: calendarDate,
  version: z.string().min(1),
});
type FrontMatter = z.output<typeof frontMatter>;

interface Run {
  text: string;
  bold: boolean;
}

type Block =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; runs: Run[] }
  | { type: 'list'; items: { marker: string; runs: Run[] }[] };

interface Source {
  folder: string;
  lang: DocLang;
  kind: string;
  file: string;
}

function isDocLang(value: string): value is DocLang {
  return (LANGS as readonly string[]).includes(value);
}

/** The site configuration whose variant keeps its documents in `folder`. */
function configOfFolder(folder: string): SiteConfig {
  const key = VARIANT_KEYS.find((k) => SITE_CONFIG[k].variant.documentsFolder === folder);
  if (!key) throw new Error(`content/documents/${folder} belongs to no variant`);
  return SITE_CONFIG[key];
}

/** Every {folder}/{lang}/{kind}.md below SOURCE_DIR, in a stable order. */
async function findSources(): Promise<Source[]> {
  const sources: Source[] = [];
  for (const folder of (await readdir(SOURCE_DIR)).sort()) {
    for (const lang of (await readdir(path.join(SOURCE_DIR, folder))).sort()) {
      if (!isDocLang(lang)) throw new Error(`unsupported language folder ${folder}/${lang}`);
      for (const kind of DOCUMENT_KINDS) {
        sources.push({ folder, lang, kind, file: path.join(SOURCE_DIR, folder, lang, `${kind}.md`) });
      }
    }
  }
  return sources;
}

/** Values for the {{placeholders}}: the site's operator and contact data, and the document's own. */
function placeholderValues(config: SiteConfig, meta: FrontMatter, lang: DocLang): Record<string, string> {
  return { ...siteValues(config), effectiveDate: formatDate(meta.effective, lang), version: meta.version };
}

/** A fixed time zone keeps the printed date independent of the machine running the build. */
function formatDate(isoDate: string, lang: DocLang): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(effectiveDate(isoDate));
}

function effectiveDate(isoDate: string): Date {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`invalid effective date ${isoDate}`);
  return date;
}

/** Phrasing content as text runs: **strong** is bold, everything else plain; line breaks are spaces. */
function runsOf(children: PhrasingContent[]): Run[] {
  const runs: Run[] = [];
  for (const child of children) {
    const run = { text: toString(child).replaceAll('\n', ' '), bold: child.type === 'strong' };
    const last = runs.at(-1);
    if (last?.bold === run.bold) last.text += run.text;
    else if (run.text !== '') runs.push(run);
  }
  return runs;
}

/** The Markdown tree as the blocks this renderer prints: headings, paragraphs, lists. */
function blocksOf(nodes: RootContent[], file: string): Block[] {
  return nodes.map((node): Block => {
    if (node.type === 'heading' && node.depth <= 3) {
      return { type: 'heading', level: node.depth as 1 | 2 | 3, text: toString(node) };
    }
    if (node.type === 'paragraph') return { type: 'paragraph', runs: runsOf(node.children) };
    if (node.type === 'list') {
      return {
        type: 'list',
        items: node.children.map((item, index) => {
          const [first] = item.children;
          if (item.children.length !== 1 || first?.type !== 'paragraph') {
            throw new Error(`${file}: list items must be single paragraphs`);
          }
          return { marker: node.ordered ? `${(node.start ?? 1) + index}.` : '•', runs: runsOf(first.children) };
        }),
      };
    }
    throw new Error(`${file}: the PDF renderer does not print ${node.type} blocks`);
  });
}

/** Writes text with bold runs at the current position; `continued` chains the runs into one paragraph. */
function writeRich(doc: PDFKit.PDFDocument, runs: Run[], options: PDFKit.Mixins.TextOptions): void {
  runs.forEach((run, index) => {
    doc.font(run.bold ? 'bold' : 'regular').text(run.text, { ...options, continued: index < runs.length - 1 });
  });
}

/** Starts a new page when fewer than `needed` points remain, so headings never end a page. */
function keepTogether(doc: PDFKit.PDFDocument, needed: number): void {
  if (doc.y + needed > doc.page.height - LAYOUT.bottomMargin) doc.addPage();
}

function renderHeading(doc: PDFKit.PDFDocument, level: 1 | 2 | 3, text: string): void {
  const size = level === 1 ? LAYOUT.title : LAYOUT.heading[level];
  keepTogether(doc, size * 2 + LAYOUT.body.size * 4);
  doc.moveDown(level === 1 ? 0 : 0.6);
  doc.font('bold').fontSize(size).fillColor(LAYOUT.color.text).text(text, { lineGap: 1 });
  doc.moveDown(0.25);
}

function renderParagraph(doc: PDFKit.PDFDocument, runs: Run[]): void {
  doc.fontSize(LAYOUT.body.size).fillColor(LAYOUT.color.text);
  writeRich(doc, runs, { lineGap: LAYOUT.body.gap, align: 'left' });
  doc.moveDown(0.45);
}

function renderList(doc: PDFKit.PDFDocument, items: { marker: string; runs: Run[] }[]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right - LAYOUT.listIndent;
  doc.fontSize(LAYOUT.body.size).fillColor(LAYOUT.color.text);
  for (const item of items) {
    keepTogether(doc, LAYOUT.body.size * 2);
    const top = doc.y;
    doc.font('regular').text(item.marker, left + 2, top, { lineBreak: false });
    doc.x = left + LAYOUT.listIndent;
    doc.y = top;
    writeRich(doc, item.runs, { width, lineGap: LAYOUT.body.gap });
    doc.moveDown(0.2);
  }
  doc.x = left;
  doc.moveDown(0.3);
}

/** Footer on every page: product name, document title and "page n of m". */
function renderFooters(doc: PDFKit.PDFDocument, label: string, lang: DocLang): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const { margins, width, height } = doc.page;
    const y = height - LAYOUT.bottomMargin + 28;
    const lineWidth = width - margins.left - margins.right;
    // Writing below the bottom margin would make pdfkit add a page; lift the margin meanwhile.
    const bottom = margins.bottom;
    margins.bottom = 0;
    doc.font('regular').fontSize(7.5).fillColor(LAYOUT.color.muted);
    doc.text(label, margins.left, y, { width: lineWidth, align: 'left', lineBreak: false });
    doc.text(PAGE_LABEL[lang](index + 1, count), margins.left, y, { width: lineWidth, align: 'right', lineBreak: false });
    margins.bottom = bottom;
  }
}

/** Renders one document and resolves once the file is fully written. */
async function renderPdf(file: string, meta: FrontMatter, blocks: Block[], config: SiteConfig, lang: DocLang): Promise<void> {
  const date = effectiveDate(meta.effective);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: LAYOUT.margin, left: LAYOUT.margin, right: LAYOUT.margin, bottom: LAYOUT.bottomMargin },
    bufferPages: true,
    lang,
    displayTitle: true,
    // pdfkit derives the document ID from this info dictionary, so fixed dates make the ID fixed too.
    info: {
      Title: meta.title,
      Author: config.operator.companyName,
      Subject: `${config.productName}: ${meta.title}`,
      Creator: 'scripts/build-documents.ts',
      CreationDate: date,
      ModDate: date,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  await mkdir(path.dirname(file), { recursive: true });
  const written = new Promise<void>((resolve, reject) => {
    const stream = createWriteStream(file);
    stream.on('finish', resolve).on('error', reject);
    doc.pipe(stream);
  });

  // The front-matter title is the document heading, so the Markdown body starts below it.
  renderHeading(doc, 1, meta.title);
  for (const block of blocks) {
    if (block.type === 'heading') renderHeading(doc, block.level, block.text);
    else if (block.type === 'paragraph') renderParagraph(doc, block.runs);
    else renderList(doc, block.items);
  }
  renderFooters(doc, `${config.productName} · ${meta.title}`, lang);
  doc.end();
  await written;
}

async function buildOne(source: Source): Promise<string> {
  const config = configOfFolder(source.folder);
  const { meta, body } = await readMarkdownFile(source.file, frontMatter);
  const values = placeholderValues(config, meta, source.lang);
  const filledMeta = { ...meta, title: fillPlaceholders(meta.title, values, source.file) };
  const blocks = blocksOf(parseMarkdown(fillPlaceholders(body, values, source.file)).children, source.file);
  const output = path.join(OUTPUT_DIR, source.folder, source.lang, `${source.kind}.pdf`);
  await renderPdf(output, filledMeta, blocks, config, source.lang);
  return path.relative(ROOT, output);
}

async function main(): Promise<void> {
  for (const source of await findSources()) {
    console.log(`wrote ${await buildOne(source)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
