import { type ChildProcess, spawn } from 'node:child_process';

export interface Started {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a server process whose output is kept (and printed only if it dies early), and stops
 * exactly that process afterwards.
 */
export function startProcess(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[${name}] exited (${code ?? signal}) early; its last output:\n${log}`);
  });
  let stopping = false;
  return {
    name,
    child,
    stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // server.mts waits up to 10 s for open requests; do not wait that long for a benchmark.
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      });
    },
  };
}

/** Runs a command to completion with its output shown, failing on a non-zero exit. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
    child.on('error', reject);
  });
}
