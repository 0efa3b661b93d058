import type { Language } from '@/lib/variants';

/** British English for "en", as the content is written. */
const DATE_LOCALE: Record<Language, string> = { cs: 'cs-CZ', pl: 'pl-PL', en: 'en-GB' };

/** A front matter date ("2026-12-01") as people read it; it is a calendar date, not an instant. */
export function formatCalendarDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** The day an instant falls on in Prague, where the operator and the promotions live. */
export function formatInstantDate(instant: Date, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[language], { dateStyle: 'long', timeZone: 'Europe/Prague' }).format(
    instant,
  );
}
