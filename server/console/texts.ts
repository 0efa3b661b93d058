import { createTranslator } from 'use-intl/core';
import cs from '@/messages/console/cs.json';
import en from '@/messages/console/en.json';

/** The console speaks Czech (the company's language) and English. */
export type ConsoleLanguage = 'cs' | 'en';
export type ConsoleTexts = ReturnType<typeof createTranslator<typeof en>>;

const MESSAGES = { cs, en } satisfies Record<ConsoleLanguage, typeof en>;

export function consoleTexts(language: ConsoleLanguage): ConsoleTexts {
  return createTranslator({ locale: language, messages: MESSAGES[language] as typeof en });
}

/** Czech unless the browser prefers English to Czech (Accept-Language, by its order). */
export function consoleLanguage(acceptLanguage: string | null): ConsoleLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';', 1)[0]!.trim().toLowerCase();
    if (tag.startsWith('cs') || tag.startsWith('sk')) return 'cs';
    if (tag.startsWith('en')) return 'en';
  }
  return 'cs';
}
