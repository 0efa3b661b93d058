import type { SiteConfig } from '@/lib/site-config';
import { newPdf } from './document';

export interface VoucherPdfText {
  title: string;
  code: string;
  value: string;
  validUntil: string;
  howTo: string;
  checkAt: string;
}

/** Bumped whenever this file changes what it draws: stored vouchers are then rendered anew (see rendered.ts). */
export const VOUCHER_LAYOUT = 1;

const BRAND = { cz: '#0b5d7a', pl: '#8a1538', pluxee: '#221c46' } as const;

/**
 * The gift voucher as a printable PDF in the buyer's language and the site's branding: the code
 * large, the value and validity, how leftover value and combining work, and where to check it.
 */
export async function voucherPdf(input: {
  site: SiteConfig;
  lang: string;
  text: VoucherPdfText;
  code: string;
  value: string;
  validTo: string;
  statusUrl: string;
  issuedAt: Date;
}): Promise<Buffer> {
  const { doc, finish } = newPdf({ title: `${input.text.title} ${input.code}`, author: input.site.operator.companyName, createdAt: input.issuedAt, lang: input.lang });
  const color = BRAND[input.site.variant.key];
  const width = doc.page.width - 100;
  doc.rect(0, 0, doc.page.width, 110).fill(color);
  doc.fillColor('#ffffff').font('bold').fontSize(26).text(input.site.productName, 50, 40, { width });
  doc.font('regular').fontSize(14).text(input.text.title, 50, 75, { width });
  doc.fillColor('#1b2330').moveDown(4);
  doc.roundedRect(50, 150, width, 170, 12).lineWidth(2).stroke(color);
  doc.fillColor('#4a5566').fontSize(11).text(input.text.code, 70, 170, { width: width - 40 });
  doc.fillColor('#1b2330').font('bold').fontSize(40).text(`${input.code.slice(0, 4)} ${input.code.slice(4)}`, 70, 188, { width: width - 40, characterSpacing: 4 });
  doc.font('regular').fillColor('#4a5566').fontSize(11).text(input.text.value, 70, 248);
  doc.font('bold').fillColor('#1b2330').fontSize(18).text(input.value, 70, 264);
  doc.font('regular').fillColor('#4a5566').fontSize(11).text(input.text.validUntil, 300, 248);
  doc.font('bold').fillColor('#1b2330').fontSize(18).text(input.validTo, 300, 264);
  doc.font('regular').fontSize(11).fillColor('#1b2330').text(input.text.howTo, 50, 350, { width, lineGap: 3 });
  doc.moveDown(1.5).text(input.text.checkAt, { width });
  doc.fillColor(color).text(input.statusUrl, { width, link: input.statusUrl, underline: true });
  doc.fillColor('#4a5566').fontSize(9).text(
    `${input.site.operator.companyName}, ${input.site.operator.addressLines.join(', ')} · ${input.site.phone} · ${input.site.email}`,
    50,
    doc.page.height - 80,
    { width, lineBreak: false },
  );
  return finish();
}
