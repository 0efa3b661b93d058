'use client';

import { useEffect } from 'react';
import { reportError } from '@/lib/monitoring/report';
import { BareErrorPage } from '@/components/layout/bare-error-page';
import cs from '@/messages/error-page/cs.json';
import en from '@/messages/error-page/en.json';
import pl from '@/messages/error-page/pl.json';
import { type Language, LANGUAGES } from '@/lib/variants';

// Only the error page's own small files: this component ships with every page.
const TEXTS: Record<Language, typeof en> = { cs, pl, en };

/** Last resort when even the page layout failed: no providers are available here. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    reportError(error);
  }, [error]);
  const lang = typeof navigator === 'undefined' ? 'cs' : navigator.language.slice(0, 2);
  const key = LANGUAGES.find((language) => language === lang) ?? 'cs';
  const text = TEXTS[key];
  return <BareErrorPage lang={key} title={text.errorTitle} text={text.errorText} home={text.home} />;
}
