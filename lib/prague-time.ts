/**
 * Calendar days and Prague time, one module for the server, the browser, e-mails and PDFs. Stay
 * dates are plain calendar dates (YYYY-MM-DD, no time zone: day arithmetic is UTC arithmetic);
 * "today" and every date shown to a person are Prague's, the day our hotels and visitors live in.
 */
export const PRAGUE = 'Europe/Prague';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real calendar date in the form YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Calendar days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date `days` after a YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// Formatters are made once: making one costs far more than formatting with it (an order page
// asks for today's date on every read and every poll).
const DAY_IN_PRAGUE = new Intl.DateTimeFormat('en-CA', { timeZone: PRAGUE, year: 'numeric', month: '2-digit', day: '2-digit' });
const HOUR_IN_PRAGUE = new Intl.DateTimeFormat('en-GB', { timeZone: PRAGUE, hour: '2-digit', hourCycle: 'h23' });
const LONG_DATES = new Map<string, Intl.DateTimeFormat>();

/** Today in Prague at the instant `now`. */
export function pragueToday(now: Date): string {
  return DAY_IN_PRAGUE.format(now);
}

/** The instant a calendar date starts in Prague (its midnight, summer time or not). */
export function pragueMidnight(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  // Prague's offset on that day (+1 or +2 hours), read from the time zone database.
  const shown = HOUR_IN_PRAGUE.format(utcMidnight);
  return new Date(utcMidnight.getTime() - Number(shown) * 3_600_000);
}

/** An instant as the date it is in Prague, written out in a language ("25. listopadu 2026"). */
export function formatPragueDate(instant: Date, language: string): string {
  let format = LONG_DATES.get(language);
  if (!format) LONG_DATES.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: PRAGUE })));
  return format.format(instant);
}
