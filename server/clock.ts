/** The source of "now" for everything in server/: tests hand in a fixed or stepping clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and runs at the system clock's pace (CLOCK_START, dev and test). */
export function startedClock(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}
