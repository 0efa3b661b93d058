import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { siteConfigOf } from '@/lib/site-config';
import type { Locale } from '@/lib/variants';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { MainNav, type NavItem } from './main-nav';
import styles from './site-header.module.css';

export async function SiteHeader({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'nav' });
  const site = siteConfigOf(locale);
  const items: NavItem[] = [
    { href: '/', label: t('home') },
    { href: '/order', label: t('order') },
    { href: '/how-it-works', label: t('howItWorks') },
    { href: '/inspiration', label: t('inspiration') },
    ...(site.variant.voucherInMenu ? [{ href: '/voucher' as const, label: t('voucher') }] : []),
    { href: '/contact', label: t('contact') },
  ];

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link
          href="/"
          className={styles.brand}
          aria-label={t('homeLink', { product: site.productName })}
        >
          <Logo variant={site.variant.key} productName={site.productName} />
        </Link>
        <div className={styles.tools}>
          <MainNav
            items={items}
            label={t('label')}
            openLabel={t('openMenu')}
            closeLabel={t('closeMenu')}
          />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
