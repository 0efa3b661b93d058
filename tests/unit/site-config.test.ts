import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, documentPath, siteConfigOf, telHref } from '@/lib/site-config';
import { languageOf, LOCALES, variantOfLocale } from '@/lib/variants';

describe('site configuration', () => {
  it('binds every locale to exactly one variant', () => {
    expect(LOCALES.map((l) => variantOfLocale(l).key)).toEqual(['cz', 'pluxee', 'pl', 'pl']);
    expect(LOCALES.map(languageOf)).toEqual(['cs', 'cs', 'pl', 'en']);
    expect(siteConfigOf('pl').variant.currency).toBe('PLN');
    expect(siteConfigOf('cs-pluxee').variant.currency).toBe('CZK');
  });

  it('shows the voucher link on the Czech sites only', () => {
    expect(LOCALES.filter((l) => variantOfLocale(l).voucherInMenu)).toEqual(['cs', 'cs-pluxee']);
  });

  it('serves the Polish and English documents under /documents/dzb-pl/{lang}/', () => {
    expect(documentPath('pl', 'privacy-policy')).toBe('/documents/dzb-pl/pl/privacy-policy.pdf');
    expect(documentPath('en', 'terms-of-service')).toBe('/documents/dzb-pl/en/terms-of-service.pdf');
    expect(documentPath('cs', 'cancellation-policy')).toBe('/documents/dzb-cz/cs/cancellation-policy.pdf');
  });

  it.each(LOCALES.flatMap((locale) => DOCUMENT_KINDS.map((kind) => [locale, kind] as const)))(
    'has the %s business-terms PDF %s in public/',
    (locale, kind) => {
      const file = path.join('public', documentPath(locale, kind));
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    },
  );

  it('writes phone links without spaces', () => {
    expect(telHref('+420 228 880 410')).toBe('tel:+420228880410');
  });
});
