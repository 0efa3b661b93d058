import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContentArticle } from '@/components/content/content-article';
import { Notice } from '@/components/content/notice';
import { ProviderList } from '@/components/content/provider-list';
import { localizedPath } from '@/lib/i18n/pathnames';
import { requireLocale } from '@/lib/i18n/require-locale';
import { isPartner } from '@/lib/route-params';
import { siteConfigOf } from '@/lib/site-config';
import { loadPartner } from '@/server/content/pages';
import { providersOf } from '@/server/content/providers';
import { PARTNER_IDS } from '@/server/content/schemas';
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
  const { meta } = await loadPartner(locale, partner);
  return pageSeo({ locale, ...meta, pathIn: (other) => localizedPath(other, '/partner/[partner]', { partner }) });
}

export default async function PartnerPage({ params }: Props) {
  const { locale: raw, partner } = await params;
  const locale = requireLocale(raw);
  if (!isPartner(partner)) notFound();
  setRequestLocale(locale);
  const page = await loadPartner(locale, partner);
  const t = await getTranslations({ locale, namespace: 'content' });
  const names = await getTranslations({ locale, namespace: 'partners' });
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const site = siteConfigOf(locale);
  const accepted = providersOf(site.variant.key);
  const others = PARTNER_IDS.filter((other) => other !== partner);

  return (
    <ContentArticle
      title={page.meta.title}
      html={page.html}
      intro={
        accepted.includes(partner) ? (
          <Notice>
            <p>
              <strong>{t('feeLabel', { partner: names(partner), fee: page.fee })}</strong>
            </p>
            <p>{t('feeNote')}</p>
          </Notice>
        ) : (
          <Notice tone="warning">
            <p>{t('notOffered', { product: site.productName, partner: names(partner) })}</p>
          </Notice>
        )
      }
    >
      <section aria-labelledby="other-partners">
        <h2 id="other-partners">{t('otherPartners')}</h2>
        <ProviderList
          providers={others.map((other) => ({ partner: other, name: names(other) }))}
          labelOf={(name) => pages('partner', { partner: name })}
        />
      </section>
    </ContentArticle>
  );
}
