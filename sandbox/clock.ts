import type { SandboxContext, SandboxMount } from './index';

/** At most a day per step: enough for any deadline of the site, and no typo sends it into next year. */
const MAX_MINUTES = 24 * 60;

const answer = (status: number, body: object) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * The site's clock for end-to-end tests that need time to pass on a running server (an item of
 * Needs attention appears 30 minutes on): `GET /sandbox/api/clock` says what time the site has,
 * `POST /sandbox/api/clock/advance` with `{"minutes": n}` moves it forward. Only a test server
 * whose clock was started at CLOCK_START has it (APP_ENV=test; config validation keeps
 * CLOCK_START out of preprod and prod); anywhere else these paths are a 404 like any unknown one.
 * Background jobs wait on the database's time, so a move makes no queued job run sooner.
 */
async function clockControl(request: Request, path: string, context: SandboxContext): Promise<Response | undefined> {
  const { clock, config } = context.services;
  if (config.appEnv !== 'test' || !config.clockStart || !clock.advance) return undefined;
  if (path === '/' && request.method === 'GET') return answer(200, { now: clock.now().toISOString() });
  if (path !== '/advance' || request.method !== 'POST') return undefined;
  const body = (await request.json().catch(() => undefined)) as { minutes?: unknown } | undefined;
  const minutes = body?.minutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes <= 0 || minutes > MAX_MINUTES) {
    return answer(400, { error: `minutes: a whole number from 1 to ${MAX_MINUTES} (the clock moves forward only)` });
  }
  clock.advance(minutes * 60_000);
  return answer(200, { now: clock.now().toISOString() });
}

export const CLOCK_MOUNTS: SandboxMount[] = [{ prefix: '/sandbox/api/clock', title: 'Clock (APP_ENV=test with CLOCK_START)', links: [], handle: clockControl }];
