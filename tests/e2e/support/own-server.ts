import { type ChildProcess, spawn } from 'node:child_process';

/** A server of a spec's own (same build, `npm start`), on a port no project server uses. */
export interface OwnServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts `server.mts` from the last build with `env` on top of a test environment (sandbox on, no
 * monitoring, an embedded database unless `env` names another), and waits until /healthz answers.
 * A server that exits meanwhile (its port taken, say) fails with what it printed.
 */
export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), APP_ENV: 'test', SANDBOX: 'on', SENTRY_DSN: '', NEXT_TELEMETRY_DISABLED: '1', ...env };
  if (!('DATABASE_URL' in env)) delete merged.DATABASE_URL;
  const server: ChildProcess = spawn('node', ['--import', 'tsx', '--import', './server/node-hooks.mjs', 'server.mts'], { env: merged, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const stop = async () => {
    // The server writes its database until it has exited: removing its folder before races it.
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server on port ${port} exited (${server.exitCode}):\n${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (up) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start:\n${stderr}`);
}
