'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useParams } from 'next/navigation';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';
import { getPathname, usePathname } from '@/lib/i18n/navigation';
import { languageOf, type Locale, variantOfLocale } from '@/lib/variants';
import styles from './language-switcher.module.css';

type Href = Parameters<typeof getPathname>[0]['href'];

/** The route's own parameters: the locale segment is chosen separately. */
function withoutLocale(params: Record<string, string | string[]>) {
  return Object.fromEntries(Object.entries(params).filter(([key]) => key !== 'locale'));
}

/**
 * The language drop-down. It lists only the languages of this site; choosing one loads the same
 * page in that language as a full page load, with a "changing language" overlay meanwhile.
 */
export function LanguageSwitcher() {
  const t = useTranslations('language');
  const locale = useLocale();
  const pathname = usePathname();
  const params = withoutLocale(useParams<Record<string, string | string[]>>());
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const locales = variantOfLocale(locale).locales;

  useDismiss(open, setOpen, { opener: buttonRef, inside: rootRef });

  // The page is restored from the back/forward cache with the overlay still up unless reset.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setChanging(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const hrefFor = (target: Locale) =>
    getPathname({
      locale: target,
      href: { pathname, params } as Href,
      // With the prefix the server switches even if the cookie still names the old language; the
      // new choice is stored by the server's redirect of a prefixed default locale, or by the new
      // page after load (locale-memory.tsx). A cookie written here would make the router's
      // background requests fetch the new language into the old page.
      forcePrefix: target !== locale,
    });

  const choose = (target: Locale) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    if (target === locale) return;
    setChanging(true);
    window.location.assign(hrefFor(target) + window.location.search);
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.globe}>
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12 H21 M12 3 C15 6 15 18 12 21 M12 3 C9 6 9 18 12 21" />
        </svg>
        <span className="visually-hidden">{t('label')}: </span>
        <span className={styles.name}>{t(`names.${locale}`)}</span>
      </button>
      <ul id={listId} className={styles.list} hidden={!open}>
        {locales.map((target) => (
          <li key={target}>
            <a
              href={hrefFor(target)}
              lang={languageOf(target)}
              hrefLang={languageOf(target)}
              aria-current={target === locale ? 'true' : undefined}
              className={styles.option}
              onClick={choose(target)}
            >
              {t(`names.${target}`)}
            </a>
          </li>
        ))}
      </ul>
      {changing ? (
        <div className={styles.overlay} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span>{t('changing')}</span>
        </div>
      ) : null}
    </div>
  );
}
