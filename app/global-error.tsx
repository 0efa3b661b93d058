'use client';

import * as Sentry from '@sentry/nextjs';
import { useEffect } from 'react';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import pl from '@/messages/pl.json';

const TEXTS = { cs: cs.errorPage, pl: pl.errorPage, en: en.errorPage };

/** Last resort when even the page layout failed: no providers are available here. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    Sentry.captureException(error);
  }, [error]);
  const lang = typeof navigator === 'undefined' ? 'cs' : navigator.language.slice(0, 2);
  const key = lang === 'pl' || lang === 'en' ? lang : 'cs';
  const text = TEXTS[key];
  return (
    <html lang={key}>
      <body>
        <main id="main">
          <h1>{text.errorTitle}</h1>
          <p>{text.errorText}</p>
          <p>
            {/* A full page load on purpose: the app shell failed or was never loaded here. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">{text.home}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
