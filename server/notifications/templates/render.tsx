import type { ReactElement } from 'react';
import { formatDeadline } from '@/lib/deadline';
import { formatMoney } from '@/lib/money';
import { formatPragueDate } from '@/lib/prague-time';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { siteConfigOf, type SiteConfig } from '@/lib/site-config';
import { type Locale, languageOf } from '@/lib/variants';
import { plainText } from '../plain-text';
import { EmailLayout } from './layout';

type Messages = Awaited<ReturnType<typeof loadMessages>>;
export type EmailTranslator = ReturnType<typeof createTranslator<Messages, 'email'>>;

export interface EmailContext {
  locale: Locale;
  site: SiteConfig;
  t: EmailTranslator;
  /** The site's public base URL (never the request's Host). */
  baseUrl: string;
  money: (minor: number, currency: string) => string;
  date: (instant: Date) => string;
  /** A deadline (the first instant too late) as the site shows it: its last minute still in time (lib/deadline.ts). */
  deadline: (firstLate: Date) => string;
}

/**
 * Renders an e-mail in the recipient's language with the site's branding: the subject, the HTML
 * (React rendered to static markup) and its plain-text twin.
 */
export async function renderEmail(
  locale: Locale,
  baseUrl: string,
  build: (context: EmailContext) => { subject: string; body: ReactElement },
): Promise<{ subject: string; html: string; text: string }> {
  const messages = await loadMessages(locale);
  const language = languageOf(locale);
  const t = createTranslator({ locale: language, messages, namespace: 'email' });
  const site = siteConfigOf(locale);
  const context: EmailContext = {
    locale,
    site,
    t,
    baseUrl,
    money: (minor, currency) => formatMoney(minor, currency, language),
    date: (instant) => formatPragueDate(instant, language),
    deadline: (firstLate) => formatDeadline(firstLate, language),
  };
  const { subject, body } = build(context);
  const html = `<!doctype html>${renderToStaticMarkup(
    <EmailLayout site={site} homeUrl={baseUrl} lang={language} footer={t('footer', { phone: site.phone, email: site.email })}>
      {body}
    </EmailLayout>,
  )}`;
  return { subject, html, text: plainText(html) };
}
