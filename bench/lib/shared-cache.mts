import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForOk } from './http.mts';
import { REPO } from './site-server.mts';

export interface SharedCache {
  port: number;
  /** Hits, misses and passes since start (varnishstat). */
  counters(): { hits: number; misses: number; passes: number };
  stop(): void;
}

/** Whether Varnish is installed (`apt-get install varnish`); the bench skips the row without it. */
export function hasVarnish(): boolean {
  return spawnSync('varnishd', ['-V']).status === 0;
}

/**
 * Varnish in front of the site on `port`, with bench/shared-cache/site.vcl, in a scratch working
 * folder removed on stop; 64 MB of memory for objects.
 */
export async function startSharedCache(port: number, sitePort: number): Promise<SharedCache> {
  const dir = mkdtempSync(join(tmpdir(), 'dzb-varnish-'));
  // varnishd reads the VCL after dropping to its own user.
  chmodSync(dir, 0o755);
  const vcl = join(dir, 'site.vcl');
  writeFileSync(vcl, readFileSync(join(REPO, 'bench', 'shared-cache', 'site.vcl'), 'utf8').replace('SITE_PORT', String(sitePort)));
  execFileSync('varnishd', ['-n', dir, '-a', `127.0.0.1:${port}`, '-f', vcl, '-s', 'malloc,64m', '-p', 'default_ttl=0']);
  const stop = () => {
    const pid = Number(readFileSync(join(dir, '_.pid'), 'utf8').trim() || 0);
    if (pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForOk(port, '/healthz', 30_000);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    port,
    counters() {
      const stats = JSON.parse(execFileSync('varnishstat', ['-n', dir, '-1', '-j'], { encoding: 'utf8' })) as {
        counters?: Record<string, { value: number }>;
      } & Record<string, { value: number }>;
      const counters = stats.counters ?? stats;
      const value = (name: string) => counters[name]?.value ?? 0;
      return { hits: value('MAIN.cache_hit'), misses: value('MAIN.cache_miss'), passes: value('MAIN.s_pass') };
    },
    stop,
  };
}
