import { create } from '@bufbuild/protobuf';
import { type Duration, DurationSchema } from '@bufbuild/protobuf/wkt';
import { Environment, type VersionResponse, VersionResponseSchema } from '@/gen/dzb/v1/version_pb';
import type { Clock } from '../clock';
import type { Config } from '../config';

export interface VersionFacts {
  appEnv: Config['appEnv'];
  build: { version: string; commit: string; branch: string; dockerTag: string };
  /** When this process started. */
  startedAt: Date;
  clock: Clock;
}

const ENVIRONMENTS: Record<Config['appEnv'], Environment> = {
  dev: Environment.DEV,
  test: Environment.TEST,
  preprod: Environment.PREPROD,
  prod: Environment.PROD,
};

/** Whole seconds since start; a clock that stepped backwards reads as zero, never negative. */
export function uptimeSince(startedAt: Date, now: Date): Duration {
  const seconds = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
  return create(DurationSchema, { seconds: BigInt(seconds) });
}

export function version(facts: VersionFacts): VersionResponse {
  return create(VersionResponseSchema, {
    env: ENVIRONMENTS[facts.appEnv],
    dockerTag: facts.build.dockerTag,
    version: facts.build.version,
    branch: facts.build.branch,
    commit: facts.build.commit,
    uptime: uptimeSince(facts.startedAt, facts.clock.now()),
  });
}
