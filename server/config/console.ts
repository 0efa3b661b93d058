import { z } from 'zod';
import { baseUrl, optional, positiveInt } from './env';
import type { CoreConfig } from './core';

export const consoleSchema = z.object({
  /** The origin the operator console is served at (under /console); defaults to the Czech site's. */
  CONSOLE_URL: optional(baseUrl),
  CONSOLE_SESSION_HOURS: positiveInt.max(24).default(8),
  CONSOLE_ENROLMENT_HOURS: positiveInt.max(168).default(24),
  /** A bearer token a metrics scraper shows at /console/metrics (24+ characters); unset: operators only. */
  METRICS_TOKEN: optional(z.string().min(24, 'give METRICS_TOKEN at least 24 characters')),
});

export interface ConsoleConfig {
  /** Scheme, host and port of the console: the only origin its passkeys are valid for. */
  origin: string;
  /** The host the console answers on; every other host gets a 404 at /console. */
  host: string;
  /** A sign-in lasts this long, however busy the operator is. */
  sessionHours: number;
  /** An e-mailed enrolment link works this long, once. */
  enrolmentHours: number;
  /** What a metrics scraper shows as `Authorization: Bearer …`; undefined: only signed-in operators read metrics. */
  metricsToken: string | undefined;
}

export function resolveConsole(env: z.output<typeof consoleSchema>, core: CoreConfig, issues: string[]): ConsoleConfig {
  const url = new URL(env.CONSOLE_URL ?? core.publicUrl.cz);
  if (url.pathname !== '/' || url.search || url.hash) issues.push('CONSOLE_URL: give the origin only (https://host[:port]); the console lives under /console');
  if (url.protocol !== 'https:' && core.appEnv !== 'dev' && core.appEnv !== 'test' && url.hostname !== 'localhost') {
    issues.push(`CONSOLE_URL: passkeys need https outside dev and test, not ${url.origin}`);
  }
  return { origin: url.origin, host: url.hostname, sessionHours: env.CONSOLE_SESSION_HOURS, enrolmentHours: env.CONSOLE_ENROLMENT_HOURS, metricsToken: env.METRICS_TOKEN };
}
