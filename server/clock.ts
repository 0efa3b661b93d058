/** The source of "now" for everything in server/: tests hand in a fixed or stepping clock. */
export interface Clock {
  now(): Date;
  /**
   * Moves the clock forward by `ms` (a started clock only, CLOCK_START): end-to-end tests make
   * "30 minutes later" happen on a running server. Reached only through the sandbox's clock
   * control, which answers with APP_ENV=test alone (sandbox/clock.ts).
   */
  advance?(ms: number): void;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and runs at the system clock's pace (CLOCK_START, dev and test). */
export function startedClock(start: Date): Clock {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      // Backwards would undo instants already stored (an attempt, a refund asked for) and run deadlines twice.
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`the clock moves forward only, not by ${ms} ms`);
      offset += ms;
    },
  };
}
