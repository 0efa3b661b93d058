'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';
import { Link, usePathname } from '@/lib/i18n/navigation';
import styles from './main-nav.module.css';

export interface NavItem {
  href: '/' | '/order' | '/how-it-works' | '/inspiration' | '/voucher' | '/contact';
  label: string;
}

/** Matches the width at which the menu stops being a drop-down panel (see main-nav.module.css). */
const TABLET_AND_UP = '(min-width: 768px)';

export function MainNav({
  items,
  label,
  openLabel,
  closeLabel,
}: {
  items: NavItem[];
  label: string;
  openLabel: string;
  closeLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useDismiss(open, setOpen, { opener: toggleRef });

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.setAttribute('data-scroll-locked', '');
    // The open panel covers the page: what lies behind it must not take the keyboard's focus
    // (Tab would walk into content nobody can see) nor be read out as if it were in view.
    const behind = [...document.querySelectorAll<HTMLElement>('main, footer')];
    for (const element of behind) element.inert = true;
    return () => {
      root.removeAttribute('data-scroll-locked');
      for (const element of behind) element.inert = false;
    };
  }, [open]);

  useEffect(() => {
    const query = window.matchMedia(TABLET_AND_UP);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <nav aria-label={label} className={styles.nav}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={open ? closeLabel : openLabel}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          {open ? (
            <path d="M6 6 L18 18 M18 6 L6 18" />
          ) : (
            <path d="M4 7 H20 M4 12 H20 M4 17 H20" />
          )}
        </svg>
      </button>
      <ul id={listId} className={styles.list} data-open={open ? '' : undefined}>
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className={styles.link}
              aria-current={pathname === item.href ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
