import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FaqTeaser } from '@/components/content/faq-teaser';
import { ProviderList } from '@/components/content/provider-list';
import { TrustSignals } from '@/components/content/trust-signals';
import { HotelLinkForm } from '@/components/hotel/link-form';
import { localizedPath } from '@/lib/i18n/pathnames';
import { Link } from '@/lib/i18n/navigation';
import { requireLocale } from '@/lib/i18n/require-locale';
import { siteConfigOf, telHref } from '@/lib/site-config';
import { contentPageSlug } from '@/server/content/content-pages';
import { loadFaq } from '@/server/content/faq';
import { providersOf } from '@/server/content/providers';
import { pageSeo } from '@/server/content/seo';
import styles from './home.module.css';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'home' });
  const meta = await getTranslations({ locale, namespace: 'meta' });
  const seo = pageSeo({
    locale,
    title: `${siteConfigOf(locale).productName}: ${t('title')}`,
    description: meta('description'),
    pathIn: (other) => localizedPath(other, '/'),
  });
  return { ...seo, title: { absolute: seo.title } };
}

export default async function HomePage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'home' });
  const names = await getTranslations({ locale, namespace: 'partners' });
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const site = siteConfigOf(locale);
  const faq = await loadFaq(locale);
  const slugOf = (page: 'faq' | 'terms-of-service' | 'privacy-policy') => ({
    pathname: '/[...slug]' as const,
    params: { slug: contentPageSlug(page, locale) },
  });

  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <HotelLinkForm locale={locale} />
      </section>

      <section aria-labelledby="home-steps">
        <h2 id="home-steps">{t('steps')}</h2>
        <ol className={styles.steps}>
          <li>{t('step1')}</li>
          <li>{t('step2')}</li>
          <li>{t('step3')}</li>
        </ol>
        <p>
          <Link href="/how-it-works">{t('stepsMore')}</Link>
        </p>
      </section>

      <section aria-labelledby="home-providers">
        <h2 id="home-providers">{t('providersHeading')}</h2>
        <p>{t('providersText')}</p>
        <ProviderList
          providers={providersOf(site.variant.key).map((partner) => ({ partner, name: names(partner) }))}
          labelOf={(name) => pages('partner', { partner: name })}
        />
      </section>

      {site.variant.voucherInMenu ? (
        <section className={styles.voucher} aria-labelledby="home-voucher">
          <h2 id="home-voucher">{t('voucherHeading')}</h2>
          <p>{t('voucherText')}</p>
          <p>
            <Link href="/voucher" className={styles.primary}>
              {t('voucherLink')}
            </Link>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="home-faq">
        <h2 id="home-faq">{t('faqHeading')}</h2>
        <FaqTeaser items={faq.featured} />
        <p>
          <Link href={slugOf('faq')}>{t('faqMore')}</Link>
        </p>
      </section>

      <TrustSignals
        heading={t('trustHeading')}
        items={[
          {
            id: 'operator',
            content: t('trustOperator', {
              product: site.productName,
              company: site.operator.companyName,
              companyId: site.operator.companyId,
              address: site.operator.addressLines.slice(0, 2).join(', '),
            }),
          },
          { id: 'payment', content: t('trustPayment') },
          { id: 'booking', content: t('trustBooking') },
          {
            id: 'contact',
            content: t.rich('trustContact', {
              phone: site.phone,
              email: site.email,
              ...site.supportHours,
              phoneLink: (chunks) => <a href={telHref(site.phone)}>{chunks}</a>,
              emailLink: (chunks) => <a href={`mailto:${site.email}`}>{chunks}</a>,
            }),
          },
          {
            id: 'terms',
            content: t.rich('trustTerms', {
              termsLink: (chunks) => <Link href={slugOf('terms-of-service')}>{chunks}</Link>,
              privacyLink: (chunks) => <Link href={slugOf('privacy-policy')}>{chunks}</Link>,
            }),
          },
        ]}
      />
    </div>
  );
}
