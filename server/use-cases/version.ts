import type { Config } from '../config';
import type { BuildFacts, Services } from '../services';

export interface RunningBuild {
  appEnv: Config['appEnv'];
  build: BuildFacts;
  /** Whole seconds since this process started. */
  uptimeSeconds: number;
}

/** Version: what this build is and how long this process has run, on the site's clock. */
export function runningBuild({ config, build, clock }: Pick<Services, 'build' | 'clock' | 'config'>): RunningBuild {
  return { appEnv: config.appEnv, build, uptimeSeconds: uptimeSeconds(build.startedAt, clock.now()) };
}

/** Whole seconds since start; a clock that stepped backwards reads as zero, never negative. */
export function uptimeSeconds(startedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
}
