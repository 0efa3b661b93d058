import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentArticle } from '@/components/content/content-article';
import { Notice } from '@/components/content/notice';
import { ProviderList } from '@/components/content/provider-list';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { isPartner, type Partner } from '@/lib/route-params';
import { siteConfigOf } from '@/lib/site-config';
import { type Locale, variantOfLocale } from '@/lib/variants';
import { loadPartner } from '@/server/content/pages';
import { providersOf } from '@/server/content/providers';
import { pageSeo } from '@/server/content/seo';

interface Props {
  params: Promise<{ locale: string; partner: string }>;
}

// Rendered on the first visit and cached, like every visitor-independent page (see the layout).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, partner } = await params;
  const locale = requireLocale(raw);
  if (!isPartner(partner)) return {};
  const pathIn = (other: Locale) => localizedPath(other, '/partner/[partner]', { partner });
  if (!providersOf(variantOfLocale(locale).key).includes(partner)) {
    // A provider this site does not take: the page says so and what to pay with instead, and
    // stays out of search results (and the sitemap), where it would only mislead.
    const t = await getTranslations({ locale, namespace: 'content' });
    const names = await getTranslations({ locale, namespace: 'partners' });
    const values = { partner: names(partner), product: siteConfigOf(locale).productName };
    return { ...pageSeo({ locale, title: t('notOfferedTitle', values), description: t('notOfferedDescription', values), pathIn }), robots: { index: false, follow: false } };
  }
  const { meta } = await loadPartner(locale, partner);
  return pageSeo({ locale, ...meta, pathIn });
}

/**
 * A benefit provider's page on one site. For a provider the site accepts: how paying with it
 * works and its fee, then the site's other accepted providers. For one it does not: only that,
 * and what the site takes instead; never the how-to of a payment the site refuses.
 */
export default async function PartnerPage({ params }: Props) {
  const { locale: raw, partner } = await params;
  const locale = requireLocale(raw);
  if (!isPartner(partner)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'content' });
  const names = await getTranslations({ locale, namespace: 'partners' });
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const home = await getTranslations({ locale, namespace: 'home' });
  const site = siteConfigOf(locale);
  const accepted = providersOf(site.variant.key);
  const links = (providers: readonly Partner[]) => (
    <ProviderList providers={providers.map((other) => ({ partner: other, name: names(other) }))} labelOf={(name) => pages('partner', { partner: name })} />
  );

  if (!accepted.includes(partner)) {
    return (
      <ContentArticle
        title={t('notOfferedTitle', { partner: names(partner) })}
        html=""
        intro={
          <Notice tone="warning">
            <p>{t('notOffered', { product: site.productName, partner: names(partner) })}</p>
          </Notice>
        }
      >
        <section aria-labelledby="accepted-partners">
          <h2 id="accepted-partners">{home('providersHeading')}</h2>
          <p>{t('alternatives')}</p>
          {links(accepted)}
        </section>
      </ContentArticle>
    );
  }

  const page = await loadPartner(locale, partner);
  const others = accepted.filter((other) => other !== partner);
  return (
    <ContentArticle
      title={page.meta.title}
      html={page.html}
      intro={
        <Notice>
          <p>
            <strong>{t('feeLabel', { partner: names(partner), fee: page.fee })}</strong>
          </p>
          <p>{t('feeNote')}</p>
        </Notice>
      }
    >
      {others.length > 0 ? (
        <section aria-labelledby="other-partners">
          <h2 id="other-partners">{t('otherPartners')}</h2>
          {links(others)}
        </section>
      ) : null}
    </ContentArticle>
  );
}
