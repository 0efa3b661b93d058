import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { assertPortFree, waitForOk } from './http.mts';
import { type Started, startProcess } from './processes.mts';
import { REPO, SITE_HOSTS } from './site-server.mts';

/** Where the soak's pieces listen: the two web processes; the worker serves nothing. */
export const SOAK_PORTS = [3200, 3202] as const;

export interface Deployment {
  /** The run's own database, made fresh for it. */
  databaseUrl: string;
  /** Each web process answers here; the load spreads over them as a load balancer would. */
  ports: readonly number[];
  /** Where each process's output is written (kept after the run, for the errors it reports). */
  logs: string;
  stop(): Promise<void>;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What differs between the runs that use the deployment shape (the soak, the traffic test). */
export interface DeploymentOptions {
  /** The two web processes' ports. */
  ports: readonly [number, number];
  /** Names the database and the log folder. */
  label: string;
  /** Added to (or replacing) the common environment of every process. */
  env: Record<string, string>;
}

/**
 * The soak's: the web processes believe X-Forwarded-For from the load generator, which plays the
 * load balancer, so that every simulated visitor has a budget of its own. Booking.com's site-wide
 * quota is lifted: the simulator has none, and the soak measures this machine, not that contract.
 */
const SOAK: DeploymentOptions = {
  ports: SOAK_PORTS,
  label: 'soak',
  env: { TRUSTED_PROXIES: '127.0.0.1', BUDGETS: 'availabilityQuestionsSiteWide=100000/60' },
};

/**
 * The deployment shape of the README on a database of its own: two web processes with
 * `WORKER=off` and one worker beside them.
 */
export async function startDeployment(serverUrl: string, options: DeploymentOptions = SOAK): Promise<Deployment> {
  if (!existsSync(join(REPO, '.next', 'BUILD_ID'))) throw new Error('No production build: run `npm run build` first.');
  for (const port of options.ports) await assertPortFree(port);
  const name = `dzb_${options.label}_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const [first, second] = options.ports;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: 'test',
    SANDBOX: 'on',
    SENTRY_DSN: '',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    HOSTS_CZ: SITE_HOSTS.cz,
    HOSTS_PL: SITE_HOSTS.pl,
    HOSTS_PLUXEE: SITE_HOSTS.pluxee,
    // Gateway returns, notifications and the worker's calls to the simulators reach the first.
    PUBLIC_URL_CZ: `http://${SITE_HOSTS.cz}:${first}`,
    PUBLIC_URL_PL: `http://${SITE_HOSTS.pl}:${first}`,
    PUBLIC_URL_PLUXEE: `http://${SITE_HOSTS.pluxee}:${first}`,
    ...options.env,
  };
  const node = (entry: string) => ['--import', 'tsx', '--import', './server/node-hooks.mjs', entry];
  const logs = mkdtempSync(join(tmpdir(), `dzb-${options.label}-logs-`));
  const started: Started[] = [];
  const start = (label: string, entry: string, extra: Record<string, string>) => {
    const one = startProcess(label, process.execPath, node(entry), { cwd: REPO, env: { ...env, ...extra } });
    const log = createWriteStream(join(logs, `${label.replace(':', '-')}.log`));
    one.child.stdout?.pipe(log);
    one.child.stderr?.pipe(log);
    started.push(one);
  };
  const stopAll = async () => {
    await Promise.all(started.map((one) => one.stop()));
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    // The first one migrates the fresh database before the others open it.
    start(`web:${first}`, 'server.mts', { PORT: String(first), WORKER: 'off' });
    await waitForOk(first, '/healthz');
    start(`web:${second}`, 'server.mts', { PORT: String(second), WORKER: 'off' });
    start('worker', 'worker.mts', { PORT: String(first) });
    await waitForOk(second, '/healthz');
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { databaseUrl, ports: options.ports, logs, stop: stopAll };
}
