import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocaleMemory } from '@/components/i18n/locale-memory';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { VersionPanel } from '@/components/layout/version-panel';
import { BuildWatcher } from '@/components/monitoring/build-watcher';
import { HydrationMarker } from '@/components/monitoring/hydration-marker';
import { requireLocale } from '@/lib/i18n/require-locale';
import { RUNTIME_CONFIG_ID, type RuntimeConfig } from '@/lib/monitoring/runtime-config';
import { siteConfigOf } from '@/lib/site-config';
import { languageOf } from '@/lib/variants';
import { appConfig } from '@/server/runtime';

interface Props {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

/**
 * Pages read no request headers, so a page the same for every visitor of a host and language
 * (home, how it works, partners, articles, content pages, contact) is rendered on its first
 * visit, not at build time (it shows the runtime configuration), and then served from the cache
 * for an hour with a hash-based CSP (server/security/cached-page-csp.ts). Pages with an order, a
 * voucher or a visitor's link declare themselves dynamic and keep the per-request nonce.
 */
export function generateStaticParams(): { locale: string }[] {
  return [];
}

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'meta' });
  const site = siteConfigOf(locale);
  // Only production hosts of the own-brand sites belong in search results (proxy.ts adds
  // X-Robots-Tag for hosts that are not configured, as this HTML may be cached and shared).
  const indexable = appConfig().appEnv === 'prod' && !site.variant.whiteLabel;
  return {
    title: { default: site.productName, template: `%s | ${site.productName}` },
    description: t('description'),
    robots: indexable ? undefined : { index: false, follow: false },
  };
}

export default async function LocaleLayout({ children, params }: Props) {
  const typedLocale = requireLocale((await params).locale);
  setRequestLocale(typedLocale);
  const site = siteConfigOf(typedLocale);
  const cfg = appConfig();
  const t = await getTranslations({ locale: typedLocale, namespace: 'nav' });
  const runtimeConfig: RuntimeConfig = { appEnv: cfg.appEnv, sentryDsn: cfg.sentryDsn ?? null };

  return (
    <html lang={languageOf(typedLocale)} data-variant={site.variant.key}>
      <head>
        <script
          id={RUNTIME_CONFIG_ID}
          // A data block, not a script: the CSP does not apply, so it needs no nonce or hash.
          type="application/json"
          // JSON in a script element: '<' is escaped so no value can close the element.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(runtimeConfig).replaceAll('<', '\\u003c') }}
        />
      </head>
      <body>
        <ClientMessages locale={typedLocale} namespaces={['language', 'versionPanel', 'errorPage']}>
          <a href="#main" className="skip-link">
            {t('skipToContent')}
          </a>
          <SiteHeader locale={typedLocale} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter
            locale={typedLocale}
            year={new Date().getFullYear()}
            versionPanel={
              <VersionPanel
                settings={{
                  appEnv: cfg.appEnv,
                  sandbox: cfg.sandbox,
                  monitoring: Boolean(cfg.sentryDsn),
                }}
              />
            }
          />
          <BuildWatcher />
          <LocaleMemory locale={typedLocale} />
          <HydrationMarker />
        </ClientMessages>
      </body>
    </html>
  );
}
