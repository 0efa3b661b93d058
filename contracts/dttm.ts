/**
 * `dttm`, the time stamp of every signed message: YYYYMMDDHHMMSS in Europe/Prague local time, as
 * ČSOB's own clients send it (the benefit gateways use the same form). Local time is ambiguous for
 * one hour each autumn and skips one each spring, so reading it back yields the instants it can
 * mean: none, one, or two.
 */
const PRAGUE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatDttm(instant: Date): string {
  const parts = Object.fromEntries(PRAGUE.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

const HOUR_MS = 3_600_000;

/** The instants a dttm can stand for (Prague is UTC+1 in winter, UTC+2 in summer). */
export function parseDttm(dttm: string): Date[] {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(dttm);
  if (!match) return [];
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, ...number[]];
  const asIfUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  // Formatting each candidate back filters out impossible dates (month 13) and skipped hours.
  return [2, 1].map((offset) => new Date(asIfUtc - offset * HOUR_MS)).filter((instant) => formatDttm(instant) === dttm);
}

/** Whether the dttm lies within `toleranceSeconds` of `now` (either reading, when ambiguous). */
export function isDttmFresh(dttm: unknown, now: Date, toleranceSeconds: number): boolean {
  if (typeof dttm !== 'string') return false;
  return parseDttm(dttm).some((instant) => Math.abs(instant.getTime() - now.getTime()) <= toleranceSeconds * 1000);
}
