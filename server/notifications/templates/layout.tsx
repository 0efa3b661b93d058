import type { ReactNode } from 'react';
import type { SiteConfig } from '@/lib/site-config';

/** Each site's colours, the same as its web theme (app/globals.css). */
const BRAND = {
  cz: { primary: '#0b5d7a', footer: '#0f2f3d' },
  pl: { primary: '#8a1538', footer: '#3a0d1b' },
  pluxee: { primary: '#221c46', footer: '#221c46' },
} as const;

/**
 * The frame of every e-mail: the product name in the site's colour, the content, and the
 * operator's contact in the footer. Inline styles only: mail clients ignore style sheets.
 */
export function EmailLayout({ site, homeUrl, lang, footer, children }: { site: SiteConfig; homeUrl: string; lang: string; footer: string; children: ReactNode }) {
  const brand = BRAND[site.variant.key];
  return (
    <html lang={lang}>
      <body style={{ margin: 0, padding: 0, background: '#f4f6f8', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1b2330' }}>
        <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" style={{ background: '#f4f6f8' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table width="600" cellPadding={0} cellSpacing={0} role="presentation" style={{ maxWidth: 600, width: '100%', background: '#ffffff', borderRadius: 12 }}>
                  <tbody>
                    <tr>
                      <td style={{ background: brand.primary, color: '#ffffff', padding: '16px 24px', borderRadius: '12px 12px 0 0', fontSize: 20, fontWeight: 'bold' }}>
                        <a href={homeUrl} style={{ color: '#ffffff', textDecoration: 'none' }}>
                          {site.productName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px', fontSize: 15, lineHeight: 1.5 }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ background: brand.footer, color: '#e8f1f5', padding: '16px 24px', fontSize: 12, borderRadius: '0 0 12px 12px' }}>
                        {footer}
                        <br />
                        {site.operator.companyName}, {site.operator.addressLines.join(', ')}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Button({ href, children, color }: { href: string; children: ReactNode; color: string }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a href={href} style={{ background: color, color: '#ffffff', padding: '12px 20px', borderRadius: 6, textDecoration: 'none', fontWeight: 'bold', display: 'inline-block' }}>
        {children}
      </a>
    </p>
  );
}

export function brandColor(site: SiteConfig): string {
  return BRAND[site.variant.key].primary;
}
