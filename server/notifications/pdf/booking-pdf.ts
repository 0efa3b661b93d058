import type { SiteConfig } from '@/lib/site-config';
import { newPdf } from './document';

/** Bumped whenever this file changes what it draws: stored confirmations are then rendered anew (see rendered.ts). */
export const BOOKING_LAYOUT = 1;

const BRAND = { cz: '#0b5d7a', pl: '#8a1538', pluxee: '#221c46' } as const;

/**
 * The booking confirmation as a PDF the guest can print or show at the hotel: the reservation
 * number and PIN large, then the stay as label–value rows, already translated and formatted by
 * the caller.
 */
export async function bookingPdf(input: {
  site: SiteConfig;
  lang: string;
  title: string;
  reservation: { label: string; value: string };
  pincode: { label: string; value: string };
  rows: [string, string][];
  note: string;
  issuedAt: Date;
}): Promise<Buffer> {
  const { doc, finish } = newPdf({ title: `${input.title} ${input.reservation.value}`, author: input.site.operator.companyName, createdAt: input.issuedAt, lang: input.lang });
  const color = BRAND[input.site.variant.key];
  const width = doc.page.width - 100;
  doc.rect(0, 0, doc.page.width, 100).fill(color);
  doc.fillColor('#ffffff').font('bold').fontSize(24).text(input.site.productName, 50, 36, { width });
  doc.font('regular').fontSize(14).text(input.title, 50, 68, { width });
  doc.roundedRect(50, 130, width, 80, 10).lineWidth(2).stroke(color);
  const half = (width - 40) / 2;
  doc.fillColor('#4a5566').fontSize(10).text(input.reservation.label, 70, 145, { width: half });
  doc.fillColor('#1b2330').font('bold').fontSize(20).text(input.reservation.value, 70, 162, { width: half });
  doc.font('regular').fillColor('#4a5566').fontSize(10).text(input.pincode.label, 70 + half, 145, { width: half });
  doc.fillColor('#1b2330').font('bold').fontSize(20).text(input.pincode.value, 70 + half, 162, { width: half });
  doc.y = 235;
  for (const [label, value] of input.rows) {
    const top = doc.y;
    doc.font('regular').fontSize(10).fillColor('#4a5566').text(label, 50, top, { width: 160 });
    const end = doc.y;
    doc.font('bold').fontSize(11).fillColor('#1b2330').text(value, 220, top, { width: width - 170 });
    doc.y = Math.max(end, doc.y) + 6;
  }
  doc.moveDown(1).font('regular').fontSize(10).fillColor('#4a5566').text(input.note, 50, doc.y, { width, lineGap: 2 });
  doc.fontSize(9).text(
    `${input.site.operator.companyName}, ${input.site.operator.addressLines.join(', ')} · ${input.site.phone} · ${input.site.email}`,
    50,
    doc.page.height - 80,
    { width, lineBreak: false },
  );
  return finish();
}
