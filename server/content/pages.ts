import 'server-only';
import path from 'node:path';
import type { Partner } from '@/lib/route-params';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf, type Locale } from '@/lib/variants';
import type { DocumentKind } from './content-pages';
import { formatCalendarDate } from './dates';
import { formatFee, partnerFeeBasisPoints } from './fees';
import { readRendered } from './load';
import { edenred2024, promotionValues } from './promotion';
import { contentDir } from './root';
import { cookiesMeta, documentMeta, pageMeta, partnerMeta } from './schemas';

function pageFile(locale: Locale, name: string): string {
  return path.join(contentDir(), 'pages', languageOf(locale), `${name}.md`);
}

export function loadHowItWorks(locale: Locale) {
  return readRendered(pageFile(locale, 'how-it-works'), pageMeta, locale);
}

export function loadCookies(locale: Locale) {
  return readRendered(pageFile(locale, 'cookies'), cookiesMeta, locale);
}

export function loadEdenred2024(locale: Locale) {
  return readRendered(
    pageFile(locale, 'edenred-2024'),
    pageMeta,
    locale,
    promotionValues(edenred2024(), languageOf(locale)),
  );
}

export async function loadPartner(locale: Locale, partner: Partner) {
  const language = languageOf(locale);
  const file = path.join(contentDir(), 'partners', language, `${partner}.md`);
  const fee = formatFee(partnerFeeBasisPoints(partner), language);
  const page = await readRendered(file, partnerMeta, locale, { fee });
  if (page.meta.provider !== partner) {
    throw new Error(`${file}: provider is "${page.meta.provider}", expected "${partner}" as in the file name`);
  }
  return { ...page, fee };
}

/**
 * A business-terms document as a web page: the same Markdown the PDF in the footer is built
 * from, with the same placeholders (the effective date and version are its own), so the two
 * never differ.
 */
export function loadDocument(locale: Locale, name: DocumentKind) {
  const language = languageOf(locale);
  const folder = siteConfigOf(locale).variant.documentsFolder;
  const file = path.join(contentDir(), 'documents', folder, language, `${name}.md`);
  return readRendered(file, documentMeta, locale, (meta) => ({
    effectiveDate: formatCalendarDate(meta.effective, language),
    version: meta.version,
  }));
}
