import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertPortFree, waitForOk } from './http.mts';
import { type Started, startProcess } from './processes.mts';

export const REPO = join(import.meta.dirname, '..', '..');

/** One host per site; the server is started with exactly these. */
export const SITE_HOSTS = { cz: 'localhost', pl: 'pl.localhost', pluxee: 'pluxee.localhost' } as const;

export interface SiteServer extends Started {
  port: number;
}

/**
 * The production build of this repository (`npm start`), as a visitor meets it: test
 * environment, simulators on, no monitoring DSN, on a fresh PGlite folder (or the given
 * PostgreSQL database), removed again on stop.
 */
export async function startSite(port: number, options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<SiteServer> {
  if (!existsSync(join(REPO, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first.');
  }
  await assertPortFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'dzb-perf-'));
  const started = startProcess(`site:${port}`, process.execPath, ['--import', 'tsx', '--import', './server/node-hooks.mjs', 'server.mts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      APP_ENV: 'test',
      SANDBOX: 'on',
      SENTRY_DSN: '',
      NEXT_TELEMETRY_DISABLED: '1',
      PGLITE_DIR: join(dataDir, 'pglite'),
      DATABASE_URL: options.databaseUrl ?? '',
      HOSTS_CZ: SITE_HOSTS.cz,
      HOSTS_PL: SITE_HOSTS.pl,
      HOSTS_PLUXEE: SITE_HOSTS.pluxee,
      TRUSTED_PROXIES: '',
      ...options.env,
    },
  });
  try {
    await waitForOk(port, '/healthz');
  } catch (error) {
    await started.stop();
    throw error;
  }
  return {
    ...started,
    port,
    async stop() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
