import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { DOCUMENT_KINDS, documentPath, siteConfigOf, telHref } from '@/lib/site-config';
import type { Locale } from '@/lib/variants';
import styles from './site-footer.module.css';

export async function SiteFooter({
  locale,
  year,
  versionPanel,
}: {
  locale: Locale;
  year: number;
  versionPanel: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'footer' });
  const site = siteConfigOf(locale);
  const { operator } = site;

  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {t('contactHeading')}
          </h2>
          <ul className={styles.list}>
            <li>
              {t('phone')}: <a href={telHref(site.phone)}>{site.phone}</a>
            </li>
            <li>
              {t('email')}: <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>{t('hours', site.supportHours)}</li>
          </ul>
        </section>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={styles.heading}>
            {t('servicesHeading')}
          </h2>
          <ul className={styles.list}>
            <li>
              <Link href="/voucher-status">{t('voucherStatus')}</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-documents">
          <h2 id="footer-documents" className={styles.heading}>
            {t('documentsHeading')}
          </h2>
          <ul className={styles.list}>
            {DOCUMENT_KINDS.map((kind) => (
              <li key={kind}>
                <a href={documentPath(locale, kind)} type="application/pdf">
                  {t(`documents.${kind}`)} <span className={styles.format}>({t('pdf')})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-operator">
          <h2 id="footer-operator" className={styles.heading}>
            {t('operatorHeading')}
          </h2>
          <address className={styles.address}>
            {operator.companyName}
            {operator.addressLines.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
            <br />
            {t('companyId', { id: operator.companyId })}
            <br />
            {t('taxId', { id: operator.taxId })}
          </address>
        </section>
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>
          {t('copyright', { year: String(year), company: operator.companyName })}
        </p>
        {versionPanel}
      </div>
    </footer>
  );
}
