import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const FONT_DIR = path.join(process.cwd(), 'node_modules/dejavu-fonts-ttf/ttf');
const PDFKIT = path.join(process.cwd(), 'node_modules/pdfkit/package.json');

/** A font as fontkit parsed it; pdfkit embeds such an object as it is (its types name paths and bytes only). */
type ParsedFont = { layout: (...args: never[]) => unknown; _glyphs: object };

let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined;

/**
 * The fonts that cover Czech and Polish, parsed once per process: parsing them for each document
 * was most of a render (an invoice blocked the event loop 140–180 ms, now 20–60 ms, on a loaded
 * 2-core machine). fontkit is loaded from where pdfkit loads it, so both use one copy.
 *
 * The parsed tables are only read; the one thing fontkit keeps from a document is its glyph cache,
 * whose glyphs remember the characters they were first reached by, which become the PDF's text
 * layer (a glyph first met as part of an accented letter while subsetting would copy as nothing in
 * the next document). Each document therefore starts with an empty cache, and draws and ends in
 * one synchronous stretch, so no two documents share it: the same data gives the same bytes,
 * whatever was rendered before (tests/unit/pdf/rendering.test.ts).
 */
function freshFonts() {
  if (!fonts) {
    const fontkit = createRequire(PDFKIT)('fontkit') as { create(data: Uint8Array): ParsedFont };
    const parse = (file: string) => fontkit.create(readFileSync(path.join(FONT_DIR, file)));
    fonts = { regular: parse('DejaVuSans.ttf'), bold: parse('DejaVuSans-Bold.ttf') };
  }
  fonts.regular._glyphs = {};
  fonts.bold._glyphs = {};
  return fonts;
}

/**
 * A new A4 document with the fonts that cover Czech and Polish, and a way to collect its bytes.
 * Dates in the info dictionary are fixed by the caller, so the same data gives the same file. The
 * caller draws and ends the document without awaiting anything in between (see freshFonts).
 */
export function newPdf(info: { title: string; author: string; createdAt: Date; lang: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, left: 50, right: 50, bottom: 50 },
    lang: info.lang,
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Creator: 'dzb-web', CreationDate: info.createdAt, ModDate: info.createdAt },
  });
  const { regular, bold } = freshFonts();
  doc.registerFont('regular', regular as unknown as Uint8Array);
  doc.registerFont('bold', bold as unknown as Uint8Array);
  doc.font('regular');
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finish: () => (doc.end(), bytes) };
}
