import { create } from '@bufbuild/protobuf';
import { DurationSchema } from '@bufbuild/protobuf/wkt';
import { Environment, type VersionResponse, VersionResponseSchema } from '@/gen/dzb/v1/version_pb';
import type { Config } from '../config';
import type { Services } from '../services';
import { runningBuild } from '../use-cases/version';

const ENVIRONMENTS: Record<Config['appEnv'], Environment> = {
  dev: Environment.DEV,
  test: Environment.TEST,
  preprod: Environment.PREPROD,
  prod: Environment.PROD,
};

export function version(ports: Pick<Services, 'build' | 'clock' | 'config'>): VersionResponse {
  const { appEnv, build, uptimeSeconds } = runningBuild(ports);
  return create(VersionResponseSchema, {
    env: ENVIRONMENTS[appEnv],
    dockerTag: build.dockerTag,
    version: build.version,
    branch: build.branch,
    commit: build.commit,
    uptime: create(DurationSchema, { seconds: BigInt(uptimeSeconds) }),
  });
}
