import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
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
import { HEADER_HOST_KNOWN, HEADER_NONCE } from '@/server/security/request-headers';

interface Props {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'meta' });
  const site = siteConfigOf(locale);
  const hostKnown = (await headers()).get(HEADER_HOST_KNOWN) !== '0';
  // Only production hosts of the own-brand sites belong in search results.
  const indexable = appConfig().appEnv === 'prod' && !site.variant.whiteLabel && hostKnown;
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
  // Reading the nonce makes every page render per request, which the CSP nonce requires anyway.
  const nonce = (await headers()).get(HEADER_NONCE) ?? undefined;
  const t = await getTranslations({ locale: typedLocale, namespace: 'nav' });
  const runtimeConfig: RuntimeConfig = { appEnv: cfg.appEnv, sentryDsn: cfg.sentryDsn ?? null };

  return (
    <html lang={languageOf(typedLocale)} data-variant={site.variant.key}>
      <head>
        <script
          id={RUNTIME_CONFIG_ID}
          type="application/json"
          nonce={nonce}
          // JSON in a script element: '<' is escaped so no value can close the element.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(runtimeConfig).replaceAll('<', '\\u003c') }}
        />
      </head>
      <body>
        <NextIntlClientProvider>
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
          <HydrationMarker />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
