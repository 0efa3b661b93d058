/** The source of "now" for everything in server/: tests hand in a fixed or stepping clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
