import { parseConfig } from '@/server/config';
import { type Clock } from '@/server/clock';
import { createServices, type Services } from '@/server/services';

/** Services for tests: a settable clock, and reported errors collected instead of logged. */
export function testServices(env: Record<string, string> = { APP_ENV: 'test' }) {
  let now = new Date('2026-11-22T10:00:00Z');
  const clock: Clock = { now: () => now };
  const reported: { error: unknown; context: Record<string, string> }[] = [];
  const services: Services = createServices({
    config: parseConfig(env),
    clock,
    startedAt: new Date('2026-11-22T08:58:57Z'),
    report: (error, context) => reported.push({ error, context }),
  });
  return {
    services,
    reported,
    setNow: (date: Date) => {
      now = date;
    },
  };
}
