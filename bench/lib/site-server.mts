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
export async function startSite(
  port: number,
  options: { databaseUrl?: string; env?: Record<string, string>; separateWorker?: boolean } = {},
): Promise<SiteServer> {
  if (!existsSync(join(REPO, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first.');
  }
  await assertPortFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'dzb-perf-'));
  const env: NodeJS.ProcessEnv = {
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
  };
  // The deployment shape of the README: the jobs in a process of their own (PostgreSQL only).
  const separate = options.separateWorker === true && Boolean(options.databaseUrl);
  const node = (entry: string) => ['--import', 'tsx', '--import', './server/node-hooks.mjs', entry];
  const started = startProcess(`site:${port}`, process.execPath, node('server.mts'), { cwd: REPO, env: separate ? { ...env, WORKER: 'off' } : env });
  const worker = separate ? startProcess('worker', process.execPath, node('worker.mts'), { cwd: REPO, env }) : undefined;
  const stopAll = () => Promise.all([started.stop(), worker?.stop()]).then(() => undefined);
  try {
    await waitForOk(port, '/healthz');
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    ...started,
    port,
    async stop() {
      await stopAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
