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
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { DOCUMENT_KINDS, SITE_CONFIG, type SiteConfig } from '../lib/site-config';
import { VARIANT_KEYS } from '../lib/variants';

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

interface FrontMatter {
  title: string;
  effective: string;
  version: string;
}

type Block =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: { marker: string; text: string }[] };

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

/** Splits the `---` front matter (simple `key: value` lines) from the Markdown body. */
function parseFrontMatter(text: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^---\n(?<header>[\s\S]*?)\n---\n/.exec(text);
  if (!match?.groups?.header) throw new Error(`${file}: missing front matter`);
  const fields = new Map<string, string>();
  for (const line of match.groups.header.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim().replace(/^"|"$/g, ''));
  }
  const field = (name: string): string => {
    const value = fields.get(name);
    if (!value) throw new Error(`${file}: front matter lacks "${name}"`);
    return value;
  };
  return { meta: { title: field('title'), effective: field('effective'), version: field('version') }, body: text.slice(match[0].length) };
}

/** Values for the {{placeholders}}; operator data comes only from SITE_CONFIG. */
function placeholderValues(config: SiteConfig, meta: FrontMatter, lang: DocLang): Record<string, string> {
  const { operator, supportHours } = config;
  return {
    productName: config.productName,
    companyName: operator.companyName,
    // Postcodes such as "110 00" must not be split across lines either.
    address: operator.addressLines.join(', ').replace(/\b(\d{3}) (\d{2})\b/g, '$1\u00a0$2'),
    companyId: operator.companyId,
    taxId: operator.taxId,
    registration: operator.registration,
    email: config.email,
    // No-break spaces keep a phone number on one line; dialers and copy-paste ignore them.
    phone: config.phone.replaceAll(' ', '\u00a0'),
    supportOpens: supportHours.opens,
    supportCloses: supportHours.closes,
    currency: config.variant.currency,
    effectiveDate: formatDate(meta.effective, lang),
    version: meta.version,
  };
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

/** Unknown placeholders fail the build, so a typo cannot reach a published PDF. */
function fillPlaceholders(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/** Parses the Markdown subset the sources use: #/##/### headings, paragraphs, - and 1. lists. */
function parseMarkdown(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flushParagraph = (): void => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const line of body.split('\n').map((raw) => raw.trim())) {
    const heading = /^(?<hashes>#{1,3})\s+(?<text>.*)$/.exec(line)?.groups;
    const item = /^(?<marker>-|\d+\.)\s+(?<text>.*)$/.exec(line)?.groups;
    if (line === '') {
      flushParagraph();
    } else if (heading?.hashes && heading.text) {
      flushParagraph();
      blocks.push({ type: 'heading', level: heading.hashes.length as 1 | 2 | 3, text: heading.text });
    } else if (item?.marker && item.text) {
      flushParagraph();
      addListItem(blocks, item.marker, item.text);
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  return blocks;
}

/** Appends to the preceding list of the same kind, or starts a new list. */
function addListItem(blocks: Block[], marker: string, text: string): void {
  const ordered = marker !== '-';
  const entry = { marker: ordered ? marker : '•', text };
  const last = blocks.at(-1);
  if (last?.type === 'list' && last.ordered === ordered) last.items.push(entry);
  else blocks.push({ type: 'list', ordered, items: [entry] });
}

/** Splits **bold** spans into runs. */
function inlineRuns(text: string): { text: string; bold: boolean }[] {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('**') ? { text: part.slice(2, -2), bold: true } : { text: part, bold: false }));
}

/** Writes text with bold runs at the current position; `continued` chains the runs into one paragraph. */
function writeRich(doc: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions): void {
  const runs = inlineRuns(text);
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

function renderParagraph(doc: PDFKit.PDFDocument, text: string): void {
  doc.fontSize(LAYOUT.body.size).fillColor(LAYOUT.color.text);
  writeRich(doc, text, { lineGap: LAYOUT.body.gap, align: 'left' });
  doc.moveDown(0.45);
}

function renderList(doc: PDFKit.PDFDocument, items: { marker: string; text: string }[]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right - LAYOUT.listIndent;
  doc.fontSize(LAYOUT.body.size).fillColor(LAYOUT.color.text);
  for (const item of items) {
    keepTogether(doc, LAYOUT.body.size * 2);
    const top = doc.y;
    doc.font('regular').text(item.marker, left + 2, top, { lineBreak: false });
    doc.x = left + LAYOUT.listIndent;
    doc.y = top;
    writeRich(doc, item.text, { width, lineGap: LAYOUT.body.gap });
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
    else if (block.type === 'paragraph') renderParagraph(doc, block.text);
    else renderList(doc, block.items);
  }
  renderFooters(doc, `${config.productName} · ${meta.title}`, lang);
  doc.end();
  await written;
}

async function buildOne(source: Source): Promise<string> {
  const config = configOfFolder(source.folder);
  const { meta, body } = parseFrontMatter(await readFile(source.file, 'utf8'), source.file);
  const values = placeholderValues(config, meta, source.lang);
  const filledMeta = { ...meta, title: fillPlaceholders(meta.title, values, source.file) };
  const blocks = parseMarkdown(fillPlaceholders(body, values, source.file));
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
