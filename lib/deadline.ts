import { PRAGUE } from './prague-time';

/**
 * Deadlines as people read them: one form for the site, the e-mails and the PDFs, so the same
 * deadline never reads two ways ("do 12. 12. 2026 0:00" on a page, "do 12. prosince 2026" in the
 * e-mail). The time zone is named by the message around the value ("(českého času)", "(czasu
 * polskiego)"): Prague and Warsaw keep the same clock all year, summer time included.
 *
 * Every deadline we store is the FIRST instant that is too late: the `from` of Booking.com's first
 * paid cancellation step (cancellationFee() charges when `from <= now`), a payment's expiry. Shown
 * as it is, a midnight deadline reads "0:00" of the next day, which people take for the end of that
 * day. So we show the last whole minute still in time: a fee from midnight of 12 December reads
 * "11. 12. 2026 23:59"; a fee from 14:30:30 reads 14:29, never a minute that is partly too late.
 */
const MINUTE_MS = 60_000;

/** The start of the last whole minute before `firstLate` (Prague's offsets are whole hours, so UTC minutes are Prague's). */
export function lastMinuteBefore(firstLate: Date): Date {
  return new Date(Math.floor((firstLate.getTime() - MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
}

/**
 * The last minute still in time before `firstLate`, in Prague time and the visitor's language,
 * with its date and its 24-hour time: "11. 12. 2026 23:59", "11.12.2026, 23:59",
 * "December 11, 2026 at 23:59" (English spells the month: 12/11 reads two ways).
 */
export function formatDeadline(firstLate: Date | string, language: string): string {
  const instant = typeof firstLate === 'string' ? new Date(firstLate) : firstLate;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: language === 'en' ? 'long' : 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: PRAGUE,
  }).format(lastMinuteBefore(instant));
}
