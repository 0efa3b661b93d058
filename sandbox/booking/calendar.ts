/** Calendar dates (YYYY-MM-DD) as the hotel counts them, computed in UTC so no time zone shifts a day. */
const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The nights of a stay: every date from check-in up to the day before check-out. */
export function nightsOf(checkin: string, checkout: string): string[] {
  const nights: string[] = [];
  for (let date = checkin; date < checkout && nights.length < 400; date = addDays(date, 1)) nights.push(date);
  return nights;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The hotels' day (Prague time) at an instant: "today" for check-in rules. */
export function hotelToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Midnight at the start of a date in Prague, as an instant: free cancellation ends there. */
export function pragueMidnight(date: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`);
  // Prague is UTC+1 or UTC+2; the offset at that instant decides which.
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', hourCycle: 'h23' }).format(new Date(utc)));
  return new Date(utc - hour * 3_600_000);
}
