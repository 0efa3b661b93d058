import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactForm } from '@/components/contact/contact-form';
import { requireLocale } from '@/lib/i18n/require-locale';
import { siteConfigOf, telHref } from '@/lib/site-config';
import styles from './contact.module.css';

interface Props {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = requireLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'contact' });
  return { title: t('title'), description: t('lead') };
}

export default async function ContactPage({ params }: Props) {
  const locale = requireLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'contact' });
  const site = siteConfigOf(locale);
  const line = (phone: string, email: string) => (
    <>
      <a href={telHref(phone)}>{phone}</a> · <a href={`mailto:${email}`}>{email}</a>
    </>
  );
  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      <div className={styles.columns}>
        <div>
          <section aria-labelledby="support-heading" className={styles.card}>
            <h2 id="support-heading">{t('supportHeading')}</h2>
            <p>{t('hours', site.supportHours)}</p>
            <p>
              {t('phone')}: <a href={telHref(site.phone)}>{site.phone}</a>
              <br />
              {t('email')}: <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </section>
          <section aria-labelledby="urgent-heading" className={styles.card}>
            <h2 id="urgent-heading">{t('urgentHeading')}</h2>
            <h3>{t('payments')}</h3>
            <p>{line(site.urgent.payments.phone, site.urgent.payments.email)}</p>
            <h3>{t('reservations')}</h3>
            <p>{line(site.urgent.reservations.phone, site.urgent.reservations.email)}</p>
          </section>
          <section aria-labelledby="operator-heading" className={styles.card}>
            <h2 id="operator-heading">{t('operatorHeading')}</h2>
            <address>
              {site.operator.companyName}
              {site.operator.addressLines.map((addressLine) => (
                <span key={addressLine}>
                  <br />
                  {addressLine}
                </span>
              ))}
              <br />
              {t('companyId', { id: site.operator.companyId })}
              <br />
              {t('taxId', { id: site.operator.taxId })}
            </address>
          </section>
        </div>
        <section aria-labelledby="form-heading">
          <h2 id="form-heading">{t('formHeading')}</h2>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}
