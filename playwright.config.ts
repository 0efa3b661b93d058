import { defineConfig } from '@playwright/test';

/**
 * Three servers from the same build: a test environment, a production one (robots, panel), and a
 * test environment whose clock starts two minutes before midnight (stays starting today or
 * tomorrow, ordered late in the evening).
 */
export const PORTS = { test: 3100, prod: 3101, evening: 3103 } as const;

/**
 * The evening server's clock starts at 23:58 in Prague three days from now: its orders are made
 * just before midnight there and paid just after. Set once in the runner, so that every worker
 * process reads the same instant.
 */
function pragueEvening(): string {
  const day = new Date(Date.parse(new Date().toISOString().slice(0, 10)) + 3 * 86_400_000);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Prague', timeZoneName: 'longOffset' })
    .formatToParts(new Date(day.getTime() + 12 * 3_600_000)) // noon: after a daylight-saving switch
    .find((part) => part.type === 'timeZoneName')!.value; // "GMT+01:00" or "GMT+02:00"
  return new Date(`${day.toISOString().slice(0, 10)}T23:58:00${offset.slice(3)}`).toISOString();
}
process.env.E2E_EVENING_START ??= pragueEvening();
export const EVENING_START = process.env.E2E_EVENING_START;
/** The test server reports to a fake Sentry; the production one has no SENTRY_DSN. */
export const FAKE_SENTRY = 'http://127.0.0.1:3199';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Budgets for a test run in which one browser on one address plays every visitor. */
const E2E_BUDGETS = 'linkAnalyses=1000/600,availabilityQuestions=1000/600,previews=5000/600,orders=500/3600,paymentRetries=500/3600,contactMessages=100/3600,voucherGuesses=100/3600';

/** With DATABASE_URL set, each server gets its own PostgreSQL database on that server. */
function postgresUrl(env: keyof typeof PORTS): string | undefined {
  if (!process.env.DATABASE_URL) return undefined;
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/dzb_e2e_${env}`;
  return url.toString();
}

function server(env: keyof typeof PORTS) {
  const port = PORTS[env];
  const dataDir = `./data/e2e/${env}`;
  const databaseUrl = postgresUrl(env);
  return {
    // A fresh database per run: an emptied PGlite folder, or a recreated PostgreSQL database.
    command: databaseUrl
      ? 'node tests/e2e/support/fresh-database.mjs && npm start'
      : `rm -rf ${dataDir} && npm start`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      APP_ENV: env === 'prod' ? 'prod' : 'test',
      ...(env === 'evening' ? { CLOCK_START: EVENING_START } : {}),
      // The production server is tested with the simulators, like a pre-release check: that takes
      // the second key, and only loopback clients (the browser here) reach /sandbox.
      SANDBOX: 'on',
      ...(env === 'prod' ? { SANDBOX_ALLOW: 'prod' } : {}),
      // Every test comes from 127.0.0.1, so the per-client budgets are widened; the attack tests
      // set their own on the test server.
      // Behind a proxy on this host, as deployed: a test that must be a visitor of its own (with no
      // voucher misses of other specs, all from 127.0.0.1) says so in X-Forwarded-For.
      ...(env === 'test' ? { TRUSTED_PROXIES: '127.0.0.1' } : {}),
      BUDGETS: env === 'prod' ? `${E2E_BUDGETS},voucherGuessesSiteWide=3/86400` : `${E2E_BUDGETS},voucherGuessesSiteWide=1000/86400`,
      PGLITE_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      NEXT_TELEMETRY_DISABLED: '1',
      SENTRY_DSN: env === 'test' ? `http://e2ekey@127.0.0.1:3199/1` : '',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // A Polish browser: the Polish host would send the default en-US browser to /en.
    locale: 'pl-PL',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // The default site hosts are subdomains of localhost.
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    },
  },
  // The evening orders run first, while their server's clock is still before midnight. After them
  // the evening server is idle, and the one spec of `site` that uses it,
  // operator-attention-later.spec.ts, moves its clock on (POST /sandbox/api/clock/advance, which
  // answers only with APP_ENV=test and CLOCK_START) and switches its Booking.com simulator's outage
  // on: both hold for the whole server, so no other spec may use the evening server (the specs of
  // `site` run side by side).
  projects: [
    { name: 'evening', testMatch: /evening-orders\.spec\.ts$/ },
    { name: 'site', testIgnore: /evening-orders\.spec\.ts$/, dependencies: ['evening'] },
  ],
  webServer: [
    {
      command: 'node tests/e2e/support/fake-sentry.mjs',
      url: `${FAKE_SENTRY}/health`,
      reuseExistingServer: false,
    },
    server('test'),
    server('prod'),
    server('evening'),
  ],
});
