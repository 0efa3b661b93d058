'use client';

import { createTranslator, useLocale, useMessages, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { ErrorCode } from '@/lib/error-codes';
import { type Language, languageOf, type Locale } from '@/lib/variants';

type Texts = Record<string, unknown>;

const fetching = new Map<Language, Promise<Texts>>();
const fetched = new Map<Language, Texts>();

/**
 * The error catalogue's texts of a language, fetched once as their own small script. A form shows
 * one only after a call failed, so they need not travel in every form page's HTML (2.6 kB
 * compressed: a phone's first round trip holds 14.6 kB).
 */
function errorTexts(language: Language): Promise<Texts> {
  let known = fetching.get(language);
  if (!known) {
    known = import(`../../messages/errors/${language}.json`).then((module: { default: Texts }) => {
      fetched.set(language, module.default);
      return module.default;
    });
    // A failed fetch (offline) is tried again by the next message that needs it.
    known.catch(() => fetching.delete(language));
    fetching.set(language, known);
  }
  return known;
}

/**
 * Fetches the texts while the browser is idle after the page has loaded, for a page whose layout
 * does not hand them over (reservation, voucher purchase, an order's pages): they are then there
 * when a call fails, also if the connection has gone by then.
 */
export function ErrorTextsSoon({ language }: { language: Language }): null {
  useEffect(() => {
    const fetchNow = () => void errorTexts(language).catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(fetchNow, 1_000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(fetchNow);
    return () => window.cancelIdleCallback(idle);
  }, [language]);
  return null;
}

/**
 * The text of an error code in the page's language: from the page's own messages where its
 * layout handed them over (code there shows them at once), else from the fetched catalogue,
 * fetched now if they have not come yet and `needed` (a form that may show one asks only once it
 * does). While they come a code has no text (undefined); if they cannot come (offline), every
 * code reads as the plain "something went wrong".
 */
export function useCatalogueText(needed = true): (code: ErrorCode) => string | undefined {
  const language = languageOf(useLocale() as Locale);
  const provided = useMessages().errors as Texts | undefined;
  const common = useTranslations('common');
  const [texts, setTexts] = useState<Texts | 'unknown' | undefined>(() => provided ?? fetched.get(language));
  useEffect(() => {
    if (texts !== undefined || !needed) return;
    let current = true;
    errorTexts(language).then(
      (loaded) => current && setTexts(loaded),
      () => current && setTexts('unknown'),
    );
    return () => {
      current = false;
    };
  }, [language, texts, needed]);
  const translate = useMemo(
    () => (typeof texts === 'object' ? (createTranslator({ locale: language, messages: { errors: texts }, namespace: 'errors' }) as unknown as (code: string) => string) : undefined),
    [language, texts],
  );
  return (code: ErrorCode) => (translate ? translate(code) : texts === 'unknown' ? common('errorUnknown') : undefined);
}
