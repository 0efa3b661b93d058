import path from 'node:path';
import PDFDocument from 'pdfkit';

const FONT_DIR = path.join(process.cwd(), 'node_modules/dejavu-fonts-ttf/ttf');

/**
 * A new A4 document with the fonts that cover Czech and Polish, and a way to collect its bytes.
 * Dates in the info dictionary are fixed by the caller, so the same data gives the same file.
 */
export function newPdf(info: { title: string; author: string; createdAt: Date; lang: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, left: 50, right: 50, bottom: 50 },
    lang: info.lang,
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Creator: 'dzb-web', CreationDate: info.createdAt, ModDate: info.createdAt },
  });
  doc.registerFont('regular', path.join(FONT_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
  doc.font('regular');
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, finish: () => (doc.end(), bytes) };
}
