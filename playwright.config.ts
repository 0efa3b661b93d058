import { defineConfig } from '@playwright/test';

/** Two servers from the same build: a test environment and a production one (robots, panel). */
export const PORTS = { test: 3100, prod: 3101 } as const;
/** The test server reports to a fake Sentry; the production one has no SENTRY_DSN. */
export const FAKE_SENTRY = 'http://127.0.0.1:3199';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function server(env: keyof typeof PORTS) {
  const port = PORTS[env];
  const dataDir = `./data/e2e/${env}`;
  return {
    // A fresh embedded database per run (unless DATABASE_URL points both at PostgreSQL).
    command: `rm -rf ${dataDir} && node node_modules/next/dist/bin/next start -p ${port}`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      APP_ENV: env,
      PGLITE_DIR: dataDir,
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
  webServer: [
    {
      command: 'node tests/e2e/support/fake-sentry.mjs',
      url: `${FAKE_SENTRY}/health`,
      reuseExistingServer: false,
    },
    server('test'),
    server('prod'),
  ],
});
