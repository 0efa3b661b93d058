import type { SiteConfig } from '@/lib/site-config';

/**
 * Fills `{{name}}` placeholders. An unknown placeholder fails, naming the file, so a typo can
 * never reach a published page or PDF.
 */
export function fillPlaceholders(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/**
 * The operator and contact values every content source may use. Operator data comes only from
 * lib/site-config.ts, so pages and PDFs always agree with it.
 */
export function siteValues(config: SiteConfig): Record<string, string> {
  const { operator, supportHours } = config;
  return {
    productName: config.productName,
    companyName: operator.companyName,
    // Postcodes such as "110 00" must not be split across lines either.
    address: operator.addressLines.join(', ').replace(/\b(\d{3}) (\d{2})\b/g, '$1\u00a0$2'),
    companyId: operator.companyId,
    taxId: operator.taxId,
    registration: operator.registration,
    // The register entry's parts, for texts in another language than Czech.
    registerSection: operator.register.section,
    registerInsert: operator.register.insert,
    email: config.email,
    // No-break spaces keep a phone number on one line; dialers and copy-paste ignore them.
    phone: config.phone.replaceAll(' ', '\u00a0'),
    supportOpens: supportHours.opens,
    supportCloses: supportHours.closes,
    hours: `${supportHours.opens}–${supportHours.closes}`,
    currency: config.variant.currency,
  };
}
