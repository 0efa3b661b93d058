/**
 * Dates of the order page in the visitor's language. Stay dates are calendar dates (formatted
 * in UTC so no time zone shifts them a day); deadlines have their own module (lib/deadline.ts).
 */
export function formatStayDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A country's name from its ISO code, falling back to the code. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames(language, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
