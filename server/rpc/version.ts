import { create } from '@bufbuild/protobuf';
import { type Duration, DurationSchema } from '@bufbuild/protobuf/wkt';
import { Environment, type VersionResponse, VersionResponseSchema } from '@/gen/dzb/v1/version_pb';
import type { Config } from '../config';
import type { Services } from '../services';

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

export function version({ config, build, clock }: Services): VersionResponse {
  return create(VersionResponseSchema, {
    env: ENVIRONMENTS[config.appEnv],
    dockerTag: build.dockerTag,
    version: build.version,
    branch: build.branch,
    commit: build.commit,
    uptime: uptimeSince(build.startedAt, clock.now()),
  });
}
